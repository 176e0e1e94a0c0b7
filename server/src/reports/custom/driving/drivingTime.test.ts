import { describe, expect, it } from 'vitest';
import { zoneFor } from '../../../track/timezone';
import { continuousBreaches, dailyBreaches, mergeIntervals } from './drivingTime';

const tz = zoneFor('Africa/Luanda');
const at = (h: number, m = 0, day = 10) => tz.toUtc(2025, 3, day, h, m);
const drive = (from: number, to: number, tag = 'A') => ({ start: from, end: to, tags: [tag] });

describe('driving limits (EU 561/2006)', () => {
  it('joins touching and overlapping intervals', () => {
    expect(
      mergeIntervals([drive(at(9), at(10), 'B'), drive(at(8), at(9)), drive(at(9, 30), at(9, 45))]),
    ).toEqual([{ start: at(8), end: at(10), tags: ['A', 'B'] }]);
  });

  it('a break of 45 minutes resets continuous driving, a shorter one does not', () => {
    const withBreak = [drive(at(6), at(9)), drive(at(9, 45), at(12))];
    expect(continuousBreaches(withBreak)).toEqual([]);
    const [b, ...rest] = continuousBreaches([drive(at(6), at(9)), drive(at(9, 44), at(12))]);
    expect(rest).toEqual([]);
    expect(b).toMatchObject({ kind: 'continuous', start: at(6), end: at(12), exceededAt: at(11, 14) });
    expect(b.drivingMs).toBe(5 * 3_600_000 + 16 * 60_000);
  });

  it('daily driving over 9 hours per local day, split at midnight', () => {
    // exactly 9 hours is within the limit
    expect(dailyBreaches([drive(at(14, 30), at(23, 30))], tz)).toEqual([]);
    const [b] = dailyBreaches([drive(at(5), at(10)), drive(at(11), at(15, 30))], tz);
    expect(b).toMatchObject({ kind: 'daily', start: at(5), end: at(15, 30), exceededAt: at(15) });
    // 20:00 -> 06:00 next day: 4 h one day, 6 h the other, no breach
    expect(dailyBreaches([drive(at(20), at(6, 0, 11))], tz)).toEqual([]);
  });
});
