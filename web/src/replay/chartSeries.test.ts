import { describe, expect, it } from 'vitest';
import {
  availableSeries,
  CHART_BUCKETS,
  chartModel,
  fuelText,
  isolated,
  lineKey,
  toggleSeries,
} from './chartSeries';
import { toReplayData } from './replayData';
import type { ColumnAnswer } from './types';

function answer(n: number, step = 1000): ColumnAnswer {
  const range = Array.from({ length: n }, (_, i) => i);
  return {
    positions: {
      id: range.map((i) => i + 1),
      fixTime: range.map((i) => 1_700_000_000_000 + i * step),
      latitude: range.map(() => -8.8),
      longitude: range.map(() => 13.2),
      speed: range.map((i) => (i === 7 ? 100 : 10)),
      course: range.map(() => 0),
      distance: range.map(() => 5),
      event: range.map(() => null),
      speedLimit: range.map(() => null),
      privacy: range.map((i) => (i === 3 ? 1 : 0)),
      series: {
        rpm: range.map((i) => 1000 + i),
        fuel: range.map(() => 50),
        power: range.map(() => 12.4),
        io9: range.map(() => null),
        temp1: range.map(() => 4),
        distance: range.map(() => 5),
        totalDistance: range.map((i) => i * 5),
        priority: range.map(() => 0),
        io16: range.map((i) => 1000 + i * 5),
      },
    },
    trips: [],
    device: { id: 1, name: 'A', licensePlate: null, fuelCapacity: 200, fuelType: null },
  };
}

describe('replay chart series', () => {
  it('offers speed, rpm, temperature, fuel, then the other attributes that have values', () => {
    expect(availableSeries(toReplayData(answer(10)))).toEqual(['speed', 'rpm', 'temp1', 'fuel', 'power']);
  });

  it('leaves out raw twins of named readings, identifiers and event values', () => {
    const data = toReplayData(answer(4));
    const offered = availableSeries({
      ...data,
      seriesNames: ['power', 'io66', 'io24', 'io254', 'driverId', 'io500'],
    });
    expect(offered).toEqual(['speed', 'io500', 'power']);
  });

  it('marks values standing alone between empty points, which a line cannot show', () => {
    const sparse = answer(4, 30_000);
    sparse.positions.privacy = [0, 0, 0, 0];
    const { rows } = chartModel(toReplayData(sparse), { lo: 0, hi: 3 }, ['speed']);
    expect(rows.length).toBe(91);
    const marked = rows.map((_, i) => i).filter((i) => isolated(rows, i, 'speed'));
    expect(marked).toEqual([0, 30, 60, 90]);
    const { rows: dense } = chartModel(toReplayData(answer(4)), { lo: 0, hi: 3 }, ['speed']);
    expect(dense.map((_, i) => isolated(dense, i, 'speed'))).toEqual([false, false, false, false]);
  });

  it('keeps at least one series selected', () => {
    expect(toggleSeries(['speed'], 'speed')).toEqual(['speed']);
    expect(toggleSeries(['speed', 'rpm'], 'speed')).toEqual(['rpm']);
    expect(toggleSeries(['speed'], 'fuel')).toEqual(['speed', 'fuel']);
  });

  it('draws speed in km/h, blanks private positions and breaks the line at gaps over a second', () => {
    const base = answer(10);
    base.positions.fixTime[9] = base.positions.fixTime[8] + 3500;
    const model = chartModel(toReplayData(base), { lo: 0, hi: 9 }, ['speed', 'rpm']);
    expect(model.rows.map((row) => row.speed)).toEqual(
      [18.52, 18.52, 18.52, null, 18.52, 18.52, 18.52, 185.2, 18.52, null, null, null, 18.52].map((v) =>
        v === null ? null : expect.closeTo(v, 5),
      ),
    );
    expect(model.rows[3].rpm).toBeNull();
    expect(model.axes.speed).toEqual([0, 190]);
    expect(model.axes.rpm).toEqual([0, 1100]);
  });

  it("draws the line across a tracker's usual silences, not across long ones or private positions", () => {
    // a record every 10 s, then a silence of 10 minutes, then two more; the fourth record is private
    const base = answer(8, 10_000);
    base.positions.fixTime[6] = base.positions.fixTime[5] + 600_000;
    base.positions.fixTime[7] = base.positions.fixTime[6] + 10_000;
    const model = chartModel(toReplayData(base), { lo: 0, hi: 7 }, ['speed']);
    const line = lineKey('speed');
    const at = (time: number) => model.rows.find((row) => row.t === time)!;
    const t0 = base.positions.fixTime[0];
    // the series keeps the spec's empty points between records 10 s apart …
    expect(model.rows.some((row) => row.t > t0 && row.t < t0 + 10_000 && row.speed === null)).toBe(true);
    // … while the drawn line goes straight across them
    const between = model.rows.filter((row) => row.t > t0 && row.t < t0 + 10_000);
    expect(between.every((row) => typeof row[line] === 'number')).toBe(true);
    // the private record (index 3) and the ten silent minutes stay breaks in the line
    expect(at(base.positions.fixTime[3])[line]).toBeNull();
    const silent = model.rows.filter(
      (row) => row.t > base.positions.fixTime[5] && row.t < base.positions.fixTime[6],
    );
    expect(silent.length).toBeGreaterThan(0);
    expect(silent.every((row) => row[line] === null)).toBe(true);
  });

  it('keeps the peaks of a week at 1 Hz within a few thousand rows', () => {
    const week = answer(604_800);
    week.positions.speed[400_001] = 75;
    const data = toReplayData(week);
    const model = chartModel(data, { lo: 0, hi: data.length - 1 }, ['speed']);
    expect(model.rows.length).toBeLessThan(2000);
    expect(Math.max(...model.rows.map((row) => row.speed ?? 0))).toBeCloseTo(185.2);
    expect(model.rows.some((row) => Math.abs((row.speed ?? 0) - 138.9) < 0.01)).toBe(true);
    for (let i = 1; i < model.rows.length; i++) expect(model.rows[i].t).toBeGreaterThan(model.rows[i - 1].t);
  }, 30_000);

  it('keeps a long break in a downsampled stretch as empty points', () => {
    const day = answer(86_400);
    for (let i = 40_000; i < 50_000; i++) day.positions.privacy[i] = 1;
    const data = toReplayData(day);
    const model = chartModel(data, { lo: 0, hi: data.length - 1 }, ['speed', 'rpm']);
    expect(model.rows.filter((row) => row.speed === null).length).toBeGreaterThanOrEqual(40);
    expect(Math.max(...model.rows.map((row) => row.rpm ?? 0))).toBe(1000 + 86_399);
  }, 30_000);

  it('shows fuel with litres from the tank, or kW for an electric vehicle', () => {
    expect(fuelText(45, 200, null)).toBe('45 % (≈ 90 L)');
    expect(fuelText(45, 80, 1)).toBe('45 % (≈ 36 kW)');
    expect(fuelText(45, null, null)).toBe('45 %');
  });
});

describe('replay chart over a long sparse period', () => {
  it('builds a year of hourly positions without one point per second', () => {
    const hours = 366 * 24;
    const data = toReplayData(answer(hours, 3_600_000));
    const { rows } = chartModel(data, { lo: 0, hi: hours - 1 }, ['speed', 'rpm']);
    expect(rows.length).toBeGreaterThan(0);
    // per bucket: the low and high of each of the two series and one break
    expect(rows.length).toBeLessThanOrEqual(CHART_BUCKETS * 5);
    expect(rows.some((r) => r.speed === null)).toBe(true);
  });
});
