import { describe, expect, it } from 'vitest';
import { baseFileName, dddFileName } from './fileName';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('dddFileName', () => {
  it('names a driver card file C_YYYYMMDD_HHMM_<initial>_<surname>_<card>.DDD in UTC', () => {
    expect(
      dddFileName({
        kind: 'D',
        entity: { cardNumber: 'P0000012345670', surname: 'Sá Gonçalves', firstNames: 'Élio Rui' },
        downloadDate: at('2026-01-05T23:07:00Z'),
      }),
    ).toBe('C_20260105_2307_E_SA-GONCALVES_P0000012345670.DDD');
  });

  it('names a vehicle unit file M_YYYYMMDD_HHMM_<VRN>.DDD, the VIN standing in for a missing plate', () => {
    const file = { kind: 'V' as const, downloadDate: at('2026-12-31T00:00:00Z') };
    expect(dddFileName({ ...file, entity: { vrn: 'AA 00 BB', vin: 'VF1' } })).toBe(
      'M_20261231_0000_AA-00-BB.DDD',
    );
    expect(dddFileName({ ...file, entity: { vrn: '', vin: 'vf1abc' } })).toBe('M_20261231_0000_VF1ABC.DDD');
  });

  it('uses the fallback time without a download date and placeholders without names', () => {
    expect(dddFileName({ kind: 'D', entity: {}, downloadDate: null }, at('2026-02-03T04:05:06Z'))).toBe(
      'C_20260203_0405_X_X_X.DDD',
    );
    expect(dddFileName({ kind: 'V', entity: {}, downloadDate: null })).toBe('M_00000000_0000_X.DDD');
  });
});

describe('baseFileName', () => {
  it('keeps the last path segment of a browser or client name', () => {
    expect(baseFileName('C:\\fakepath\\C_1.DDD')).toBe('C_1.DDD');
    expect(baseFileName('/tmp/x/M_2.ddd ')).toBe('M_2.ddd');
    expect(baseFileName(undefined)).toBe('');
    expect(baseFileName('  ')).toBe('');
  });
});
