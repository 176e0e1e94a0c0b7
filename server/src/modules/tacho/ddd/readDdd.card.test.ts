import { describe, expect, it } from 'vitest';
import { readDdd } from './readDdd';
import type { DddFile } from './types';
import { buildDdd, cardBlock, dayEpoch, type ActivityDaySpec, type DriverCardSpec } from './testing/buildDdd';

const DAY = 86400;

function read(bytes: Buffer, name?: string): DddFile {
  const result = readDdd(bytes, name);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.file;
}

/** `count` consecutive days from `first`, each: rest, driving 06:00–10:30, break, driving, work, rest. */
function workDays(first: string, count: number): ActivityDaySpec[] {
  return Array.from({ length: count }, (_, i) => ({
    day: dayEpoch(first) + i * DAY,
    distanceKm: 300 + i,
    changes: [
      { minute: 0, activity: 'rest' as const },
      { minute: 360, activity: 'driving' as const },
      { minute: 630, activity: 'rest' as const },
      { minute: 675, activity: 'driving' as const },
      { minute: 900, activity: 'work' as const },
      { minute: 960 + (i % 7), activity: 'rest' as const },
    ],
  }));
}

const card = (over: Partial<DriverCardSpec> = {}): Buffer =>
  buildDdd({
    kind: 'D',
    generation: 1,
    cardNumber: 'P0000012345670',
    surname: 'Gonçalves Araújo',
    firstNames: 'João Estêvão',
    nation: 'P',
    lastDownload: Date.parse('2026-03-02T08:15:00Z') / 1000,
    days: workDays('2026-02-01', 3),
    ...over,
  });

describe('readDdd: driver card Gen1', () => {
  it('reads the holder, card, download date, period and days field by field', () => {
    const file = read(card());
    expect(file.kind).toBe('D');
    expect(file.generation).toBe(1);
    expect(file.entity).toEqual({
      cardNumber: 'P0000012345670',
      surname: 'Gonçalves Araújo',
      firstNames: 'João Estêvão',
      nation: 'P',
    });
    expect(file.downloadDate).toBe(Date.parse('2026-03-02T08:15:00Z') / 1000);
    expect(file.dataFrom).toBe(dayEpoch('2026-02-01'));
    expect(file.dataTo).toBe(dayEpoch('2026-02-03'));
    expect(file.days).toBe(3);
    expect(file.size).toBe(card().length);
  });

  it('reads each day with its distance, presence counter and activity changes', () => {
    const file = read(card());
    expect(file.activities).toHaveLength(3);
    const [first, , third] = file.activities!;
    expect(first.day).toBe(dayEpoch('2026-02-01'));
    expect(first.distanceKm).toBe(300);
    expect(first.presenceCounter).toBe(1);
    expect(third.presenceCounter).toBe(3);
    expect(first.changes).toEqual([
      { slot: 0, crew: false, cardPresent: true, activity: 'rest', minute: 0 },
      { slot: 0, crew: false, cardPresent: true, activity: 'driving', minute: 360 },
      { slot: 0, crew: false, cardPresent: true, activity: 'rest', minute: 630 },
      { slot: 0, crew: false, cardPresent: true, activity: 'driving', minute: 675 },
      { slot: 0, crew: false, cardPresent: true, activity: 'work', minute: 900 },
      { slot: 0, crew: false, cardPresent: true, activity: 'rest', minute: 960 },
    ]);
    expect(third.changes.at(-1)!.minute).toBe(962);
  });

  it('keeps the slot, crew and card-absent bits and the last minute of the day', () => {
    const file = read(
      card({
        days: [
          {
            day: '2026-02-10',
            distanceKm: 65535,
            presenceCounter: 9999,
            changes: [
              { minute: 0, activity: 'available', slot: 1, crew: true },
              { minute: 120, activity: 'driving', slot: 0, crew: true },
              { minute: 600, activity: 'rest', cardPresent: false },
              { minute: 1439, activity: 'work', slot: 1, crew: true, cardPresent: false },
            ],
          },
        ],
      }),
    );
    const [day] = file.activities!;
    expect(day.distanceKm).toBe(65535);
    expect(day.presenceCounter).toBe(9999);
    expect(day.changes).toEqual([
      { slot: 1, crew: true, cardPresent: true, activity: 'available', minute: 0 },
      { slot: 0, crew: true, cardPresent: true, activity: 'driving', minute: 120 },
      { slot: 0, crew: false, cardPresent: false, activity: 'rest', minute: 600 },
      { slot: 1, crew: true, cardPresent: false, activity: 'work', minute: 1439 },
    ]);
  });

  it('reads a 28-day card', () => {
    const file = read(card({ days: workDays('2026-02-01', 28) }));
    expect(file.days).toBe(28);
    expect(file.dataFrom).toBe(dayEpoch('2026-02-01'));
    expect(file.dataTo).toBe(dayEpoch('2026-02-28'));
    expect(file.activities!.map((d) => d.day)).toEqual(
      Array.from({ length: 28 }, (_, i) => dayEpoch('2026-02-01') + i * DAY),
    );
    expect(file.activities!.map((d) => d.distanceKm)).toEqual(Array.from({ length: 28 }, (_, i) => 300 + i));
  });

  it('follows the cyclic buffer across its end, a record split by the wrap included', () => {
    // 5 records of 24 bytes from offset 150 in a 200-byte buffer: the third straddles the end.
    const file = read(card({ days: workDays('2026-02-01', 5), bufferLength: 200, bufferStart: 150 }));
    expect(file.days).toBe(5);
    expect(file.activities!.map((d) => d.day)).toEqual(
      Array.from({ length: 5 }, (_, i) => dayEpoch('2026-02-01') + i * DAY),
    );
    expect(file.activities![2].changes.map((c) => c.minute)).toEqual([0, 360, 630, 675, 900, 962]);
  });

  it('keeps only the days not overwritten once the buffer has wrapped', () => {
    // 40 records of 24 bytes in a 500-byte buffer: the newest 20 survive (480 bytes), older ones are gone.
    const file = read(card({ days: workDays('2026-01-01', 40), bufferLength: 500, bufferStart: 37 }));
    expect(file.days).toBe(20);
    expect(file.dataFrom).toBe(dayEpoch('2026-01-21'));
    expect(file.dataTo).toBe(dayEpoch('2026-02-09'));
    expect(file.activities!.map((d) => d.presenceCounter)).toEqual(
      Array.from({ length: 20 }, (_, i) => 21 + i),
    );
  });

  it('reports a card without activity and without a last download', () => {
    const file = read(card({ days: [], lastDownload: null }));
    expect(file).toMatchObject({ days: 0, dataFrom: null, dataTo: null, downloadDate: null, activities: [] });
  });

  it('decodes holder names in other code pages', () => {
    const polish = read(card({ codePage: 2, surname: 'Wróblewski-Łęcki', firstNames: 'Paweł' }));
    expect(polish.entity).toMatchObject({ surname: 'Wróblewski-Łęcki', firstNames: 'Paweł' });
    const greek = read(card({ codePage: 7, surname: 'Παπαδόπουλος', firstNames: 'Γιώργος', nation: 'GR' }));
    expect(greek.entity).toMatchObject({ surname: 'Παπαδόπουλος', firstNames: 'Γιώργος', nation: 'GR' });
    const russian = read(card({ codePage: 80, surname: 'Иванов', firstNames: 'Пётр', nation: 'RUS' }));
    expect(russian.entity).toMatchObject({ surname: 'Иванов', firstNames: 'Пётр', nation: 'RUS' });
  });

  it('keeps the name sent with the file and makes the conventional one when none came', () => {
    expect(read(card(), 'C:\\fakepath\\cartao joao.ddd').fileName).toBe('cartao joao.ddd');
    expect(read(card()).fileName).toBe('C_20260302_0815_J_GONCALVES-ARAUJO_P0000012345670.DDD');
  });

  it('refuses a workshop or company card', () => {
    for (const cardType of [2, 3, 4]) {
      const result = readDdd(card({ cardType }));
      expect(result).toEqual({
        ok: false,
        reason: 'notDriverCard',
        message: 'O ficheiro é de um cartão de tacógrafo que não é de condutor',
      });
    }
  });

  it('takes a card without its application identification as a driver card by the identification size', () => {
    const file = read(
      Buffer.concat([
        cardBlock(0x0520, 0, readIdentificationValue(card())),
        cardBlock(0x050e, 0, Buffer.from('69a5470c', 'hex')),
      ]),
    );
    expect(file.entity.surname).toBe('Gonçalves Araújo');
    expect(file.downloadDate).toBe(0x69a5470c);
    expect(file.days).toBe(0);
  });
});

describe('readDdd: driver card Gen2', () => {
  const gen2 = (over: Partial<DriverCardSpec> = {}) =>
    card({
      generation: 2,
      days: workDays('2026-01-01', 35),
      gen1Days: workDays('2026-01-20', 10),
      ...over,
    });

  it('reads the Gen2 application of a card carrying both generations', () => {
    const file = read(gen2());
    expect(file.generation).toBe(2);
    expect(file.days).toBe(35);
    expect(file.dataFrom).toBe(dayEpoch('2026-01-01'));
    expect(file.dataTo).toBe(dayEpoch('2026-02-04'));
    expect(file.entity).toEqual({
      cardNumber: 'P0000012345670',
      surname: 'Gonçalves Araújo',
      firstNames: 'João Estêvão',
      nation: 'P',
    });
    expect(file.downloadDate).toBe(Date.parse('2026-03-02T08:15:00Z') / 1000);
  });

  it('wraps the Gen2 buffer like the Gen1 one', () => {
    const file = read(gen2({ days: workDays('2026-01-01', 12), bufferLength: 250, bufferStart: 240 }));
    expect(file.days).toBe(10);
    expect(file.dataFrom).toBe(dayEpoch('2026-01-03'));
    expect(file.dataTo).toBe(dayEpoch('2026-01-12'));
  });

  it('falls back to the Gen1 elementary files when a Gen2 one is missing', () => {
    const bytes = gen2();
    const withoutGen2Activity = dropBlocks(bytes, (fid, appendix) => fid === 0x0504 && appendix >= 2);
    const file = read(withoutGen2Activity);
    expect(file.generation).toBe(2);
    expect(file.days).toBe(10);
    expect(file.dataFrom).toBe(dayEpoch('2026-01-20'));
  });
});

/** Re-splits a card file and drops the blocks matching `drop`. */
function dropBlocks(bytes: Buffer, drop: (fid: number, appendix: number) => boolean): Buffer {
  const kept: Buffer[] = [];
  for (let pos = 0; pos < bytes.length;) {
    const length = bytes.readUInt16BE(pos + 3);
    if (!drop(bytes.readUInt16BE(pos), bytes[pos + 2])) kept.push(bytes.subarray(pos, pos + 5 + length));
    pos += 5 + length;
  }
  return Buffer.concat(kept);
}

function readIdentificationValue(bytes: Buffer): Buffer {
  for (let pos = 0; pos < bytes.length;) {
    const length = bytes.readUInt16BE(pos + 3);
    if (bytes.readUInt16BE(pos) === 0x0520 && bytes[pos + 2] === 0)
      return bytes.subarray(pos + 5, pos + 5 + length);
    pos += 5 + length;
  }
  throw new Error('no identification');
}
