import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDdd } from './readDdd';
import { cardBlock, dayEpoch } from './testing/buildDdd';

/** Elementary-file values of a real Gen1 driver card, MIT-licensed (see samples/README.md). */
const sample = (name: string) =>
  Buffer.from(
    readFileSync(new URL(`./samples/tachograph-go-${name}.b64`, import.meta.url), 'utf8'),
    'base64',
  );

const signature = Buffer.alloc(128, 0x5a);

function sampleCardFile(): Buffer {
  const blocks: Array<[number, Buffer]> = [
    [0x0501, sample('application_identification')],
    [0x0520, sample('identification')],
    [0x0504, sample('activity')],
  ];
  return Buffer.concat(
    blocks.flatMap(([fid, value]) => [cardBlock(fid, 0, value), cardBlock(fid, 1, signature)]),
  );
}

describe('readDdd: a real card activity buffer (tachograph-go test data)', () => {
  it('is a wrapped Gen1 buffer of the full 13 776 bytes', () => {
    const activity = sample('activity');
    expect(activity.length).toBe(4 + 13776);
    expect(activity.readUInt16BE(0)).toBe(0x0ba0); // oldest day
    expect(activity.readUInt16BE(2)).toBe(0x0b16); // newest record, before the oldest: wrapped
  });

  it('reads the holder and every live day in order', () => {
    const result = readDdd(sampleCardFile());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { file } = result;
    expect(file.kind).toBe('D');
    expect(file.generation).toBe(1);
    expect(file.entity).toEqual({
      cardNumber: 'DRIVER0000000100',
      surname: 'TEST_SURNAME',
      firstNames: 'TEST_FIRSTNAME',
      nation: 'FIN',
    });
    expect(file.downloadDate).toBeNull();
    expect(file.days).toBe(145);
    expect(file.dataFrom).toBe(dayEpoch('2025-04-15'));
    expect(file.dataTo).toBe(dayEpoch('2025-09-12'));
    const days = file.activities!;
    expect(days.map((d) => d.presenceCounter)).toEqual(Array.from({ length: 145 }, (_, i) => 210 + i));
    expect(days.every((d, i) => i === 0 || d.day > days[i - 1].day)).toBe(true);
    expect(days.reduce((sum, d) => sum + 12 + 2 * d.changes.length, 0)).toBe(13766);
    expect(days[0]).toMatchObject({ day: dayEpoch('2025-04-15'), distanceKm: 103 });
    expect(days[0].changes).toHaveLength(79);
    expect(days[144].changes.slice(0, 4)).toEqual([
      { slot: 0, crew: true, cardPresent: false, activity: 'rest', minute: 0 },
      { slot: 0, crew: false, cardPresent: true, activity: 'rest', minute: 256 },
      { slot: 0, crew: false, cardPresent: true, activity: 'work', minute: 259 },
      { slot: 0, crew: false, cardPresent: true, activity: 'rest', minute: 260 },
    ]);
  });

  it('names the sample by the convention', () => {
    const result = readDdd(sampleCardFile());
    expect(result.ok && result.file.fileName).toBe('C_20250912_0000_T_TEST-SURNAME_DRIVER0000000100.DDD');
  });
});
