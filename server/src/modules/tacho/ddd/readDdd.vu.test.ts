import { describe, expect, it } from 'vitest';
import { readDdd } from './readDdd';
import type { DddFile } from './types';
import { buildDdd, dayEpoch, type ActivityDaySpec, type VehicleUnitSpec } from './testing/buildDdd';

const DAY = 86400;
const at = (iso: string) => Date.parse(iso) / 1000;

function read(bytes: Buffer, name?: string): DddFile {
  const result = readDdd(bytes, name);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.file;
}

const days = (first: string, count: number): ActivityDaySpec[] =>
  Array.from({ length: count }, (_, i) => ({
    day: dayEpoch(first) + i * DAY,
    changes: [
      { minute: 0, activity: 'rest' as const },
      { minute: 420, activity: 'driving' as const },
      { minute: 700, activity: 'rest' as const },
    ],
  }));

const vu = (over: Partial<VehicleUnitSpec> = {}): Buffer =>
  buildDdd({
    kind: 'V',
    generation: 1,
    vin: 'WDB9634031L123456',
    vrn: 'AA-00-BB',
    nation: 'P',
    downloadTime: at('2026-03-31T17:42:10Z'),
    downloadableFrom: at('2026-01-01T05:10:00Z'),
    downloadableTo: at('2026-03-31T17:40:00Z'),
    ...over,
  });

describe('readDdd: vehicle unit Gen1', () => {
  it('reads the overview alone: vehicle, download time and downloadable period', () => {
    const file = read(vu());
    expect(file).toMatchObject({
      kind: 'V',
      generation: 1,
      entity: { vin: 'WDB9634031L123456', vrn: 'AA-00-BB', nation: 'P' },
      downloadDate: at('2026-03-31T17:42:10Z'),
      dataFrom: dayEpoch('2026-01-01'),
      dataTo: dayEpoch('2026-03-31'),
      days: 0,
    });
    expect(file.activities).toBeUndefined();
  });

  it('walks the overview lists of any length (no length fields in Gen1)', () => {
    const file = read(vu({ companyLocks: 0, controls: 5 }));
    expect(file.entity.vrn).toBe('AA-00-BB');
    expect(read(vu({ companyLocks: 3, controls: 0 })).downloadDate).toBe(at('2026-03-31T17:42:10Z'));
  });

  it('counts the activity days and reads through events, speed and technical blocks', () => {
    const file = read(vu({ days: days('2026-03-01', 31), otherBlocks: true }));
    expect(file.days).toBe(31);
    expect(file.dataFrom).toBe(dayEpoch('2026-03-01'));
    expect(file.dataTo).toBe(dayEpoch('2026-03-31'));
    expect(file.entity.vin).toBe('WDB9634031L123456');
  });

  it('decodes a registration written in another code page', () => {
    const file = read(vu({ vrn: 'ΙΚΡ-1234', codePage: 7, nation: 'GR' }));
    expect(file.entity).toMatchObject({ vrn: 'ΙΚΡ-1234', nation: 'GR' });
  });

  it('names a file that came without a name by the vehicle registration', () => {
    expect(read(vu()).fileName).toBe('M_20260331_1742_AA-00-BB.DDD');
    expect(read(vu(), 'M_frota.ddd').fileName).toBe('M_frota.ddd');
  });
});

describe('readDdd: vehicle unit Gen2', () => {
  it('reads a Gen2 overview (TREP 0x21) with the registration number record', () => {
    const file = read(vu({ generation: 2, days: days('2026-02-10', 3), otherBlocks: true }));
    expect(file).toMatchObject({
      kind: 'V',
      generation: 2,
      entity: { vin: 'WDB9634031L123456', vrn: 'AA-00-BB' },
      downloadDate: at('2026-03-31T17:42:10Z'),
      dataFrom: dayEpoch('2026-02-10'),
      dataTo: dayEpoch('2026-02-12'),
      days: 3,
    });
    expect(file.entity.nation).toBeUndefined();
  });

  it('reads a Gen2 version 2 download (interface version, TREP 0x31, registration with nation)', () => {
    const bytes = vu({
      generation: 2,
      version: 2,
      nation: 'E',
      days: days('2026-03-29', 2),
      otherBlocks: true,
    });
    expect(bytes.subarray(0, 6).toString('hex')).toBe('760002017631');
    const file = read(bytes);
    expect(file).toMatchObject({
      generation: 2,
      entity: { vin: 'WDB9634031L123456', vrn: 'AA-00-BB', nation: 'E' },
      dataFrom: dayEpoch('2026-03-29'),
      dataTo: dayEpoch('2026-03-30'),
      days: 2,
    });
  });

  it('reports the downloadable period when only the overview was downloaded', () => {
    const file = read(vu({ generation: 2 }));
    expect(file).toMatchObject({ days: 0, dataFrom: dayEpoch('2026-01-01'), dataTo: dayEpoch('2026-03-31') });
  });
});
