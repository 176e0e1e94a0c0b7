import { describe, expect, it } from 'vitest';
import { decodeActivityChange, encodeActivityChange } from './activityChange';
import { readCardActivity } from './cardActivity';
import { ByteWriter } from './testing/byteWriter';
import { cardActivity, dayEpoch } from './testing/buildDdd';

const DAY = 86400;

/** A daily record by hand: previous length, length, date, BCD counter, distance, raw change words. */
function record(previous: number, day: string, counter: string, km: number, words: number[]): Buffer {
  const w = new ByteWriter()
    .u16(previous)
    .u16(12 + 2 * words.length)
    .u32(dayEpoch(day))
    .bytes(Buffer.from(counter, 'hex'))
    .u16(km);
  for (const word of words) w.u16(word);
  return w.toBuffer();
}

function activityValue(oldest: number, newest: number, ring: Buffer): Buffer {
  return Buffer.concat([new ByteWriter().u16(oldest).u16(newest).toBuffer(), ring]);
}

describe('ActivityChangeInfo', () => {
  it('decodes the bits s c p aa and the 11-bit minute', () => {
    expect(decodeActivityChange(0x0000)).toEqual({
      slot: 0,
      crew: false,
      cardPresent: true,
      activity: 'rest',
      minute: 0,
    });
    // 0 0 0 11 00101101000: driver slot, single, card in, driving from 06:00
    expect(decodeActivityChange(0x1968)).toEqual({
      slot: 0,
      crew: false,
      cardPresent: true,
      activity: 'driving',
      minute: 360,
    });
    // 1 1 1 10 10110011111: co-driver, crew, card out, work at 23:59
    expect(decodeActivityChange(0xf59f)).toEqual({
      slot: 1,
      crew: true,
      cardPresent: false,
      activity: 'work',
      minute: 1439,
    });
    expect(decodeActivityChange(0x0800).activity).toBe('available');
  });

  it('encodes back to the same word for every bit combination', () => {
    for (const word of [0x0000, 0x1968, 0xf59f, 0x0800, 0x4000, 0x2000, 0x8000, 0x7fff, 0xffff & ~0x0600]) {
      expect(encodeActivityChange(decodeActivityChange(word))).toBe(word);
    }
  });
});

describe('readCardActivity', () => {
  it('reads records laid out in order without wrap', () => {
    const a = record(0, '2026-03-01', '0041', 12, [0x0000, 0x1968]);
    const b = record(a.length, '2026-03-02', '0042', 480, [0x1000]);
    const ring = Buffer.alloc(100);
    a.copy(ring, 0);
    b.copy(ring, a.length);
    const days = readCardActivity(activityValue(0, a.length, ring));
    expect(days).toEqual([
      {
        day: dayEpoch('2026-03-01'),
        distanceKm: 12,
        presenceCounter: 41,
        changes: [
          { slot: 0, crew: false, cardPresent: true, activity: 'rest', minute: 0 },
          { slot: 0, crew: false, cardPresent: true, activity: 'driving', minute: 360 },
        ],
      },
      {
        day: dayEpoch('2026-03-02'),
        distanceKm: 480,
        presenceCounter: 42,
        changes: [{ slot: 0, crew: false, cardPresent: true, activity: 'work', minute: 0 }],
      },
    ]);
  });

  it('splits even the 4-byte record header across the end of the buffer', () => {
    const a = record(0, '2026-03-01', '0001', 1, [0x1968]);
    const b = record(a.length, '2026-03-02', '0002', 2, [0x1968, 0x0000]);
    const ring = Buffer.alloc(40);
    a.copy(ring, 20); // 20..33
    const bStart = 20 + a.length; // 34: header bytes 34..39 then 0..
    for (let i = 0; i < b.length; i++) ring[(bStart + i) % ring.length] = b[i];
    const days = readCardActivity(activityValue(20, bStart, ring));
    expect(days.map((d) => [d.day, d.distanceKm, d.changes.length])).toEqual([
      [dayEpoch('2026-03-01'), 1, 1],
      [dayEpoch('2026-03-02'), 2, 2],
    ]);
  });

  it('stops at the oldest-day pointer even when an older record is still intact before it', () => {
    const a = record(0, '2026-03-01', '0001', 1, []);
    const b = record(a.length, '2026-03-02', '0002', 2, []);
    const c = record(b.length, '2026-03-03', '0003', 3, []);
    const ring = Buffer.concat([a, b, c, Buffer.alloc(20)]);
    const days = readCardActivity(activityValue(a.length, a.length + b.length, ring));
    expect(days.map((d) => d.distanceKm)).toEqual([2, 3]);
  });

  it('keeps the newer days when the chain of previous lengths is damaged', () => {
    const a = record(0, '2026-03-01', '0001', 1, []);
    const b = record(7, '2026-03-02', '0002', 2, []); // wrong previous length
    const c = record(b.length, '2026-03-03', '0003', 3, []);
    const ring = Buffer.concat([a, b, c]);
    const days = readCardActivity(activityValue(0, a.length + b.length, ring));
    expect(days.map((d) => d.distanceKm)).toEqual([2, 3]);
  });

  it('stops when a record is not older than the one after it', () => {
    const a = record(0, '2026-03-05', '0001', 1, []);
    const b = record(a.length, '2026-03-02', '0002', 2, []);
    const days = readCardActivity(activityValue(0, a.length, Buffer.concat([a, b])));
    expect(days.map((d) => d.distanceKm)).toEqual([2]);
  });

  it('reads nothing from an empty or impossible buffer', () => {
    expect(readCardActivity(activityValue(0, 0, Buffer.alloc(13776)))).toEqual([]);
    expect(readCardActivity(activityValue(0, 500, Buffer.alloc(100)))).toEqual([]);
    expect(readCardActivity(Buffer.alloc(6))).toEqual([]);
  });

  it('reads back what the test helper wrote, wrapped many times over', () => {
    const days = Array.from({ length: 400 }, (_, i) => ({
      day: dayEpoch('2025-01-01') + i * DAY,
      distanceKm: i,
      changes: Array.from({ length: i % 9 }, (_, k) => ({ minute: k * 100, activity: 'driving' as const })),
    }));
    const read = readCardActivity(cardActivity(days, 1000, 999));
    const bytes = read.reduce((sum, d) => sum + 12 + 2 * d.changes.length, 0);
    expect(bytes).toBeLessThanOrEqual(1000);
    expect(bytes + 12 + 2 * ((399 - read.length) % 9)).toBeGreaterThan(1000);
    expect(read.at(-1)).toMatchObject({ day: dayEpoch('2025-01-01') + 399 * DAY, distanceKm: 399 });
    expect(read.map((d) => d.distanceKm)).toEqual(
      Array.from({ length: read.length }, (_, i) => 400 - read.length + i),
    );
  });
});
