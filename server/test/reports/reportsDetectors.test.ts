import { describe, expect, it } from 'vitest';
import { kmhToKnots } from '@frota/core';
import { every } from '../../src/reports/testing/track';
import { at, driving, MIN, parked, track } from '../../src/reports/testing/samples';
import type { Sample } from '../../src/track/sample';
import { SpeedingDetector } from '../../src/track/speeding';
import { ZoneSet, toReportZone } from '../../src/track/zoneSet';
import { FuelAnalyzer } from '../../src/track/fuel';
import { FlagIntervals } from '../../src/track/intervals';
import { ZoneVisits } from '../../src/track/zoneVisits';

describe('speeding episodes', () => {
  const zone = toReportZone({
    id: 7,
    name: 'Escola',
    area: 'CIRCLE (-8.8 13.2, 1500)',
    attributes: { speedLimit: kmhToKnots(30) },
  })!;
  const run = (s: Sample[], o: Partial<ConstructorParameters<typeof SpeedingDetector>[0]> = {}) => {
    const d = new SpeedingDetector({
      toleranceKmh: 0,
      toleranceSeconds: 0,
      useRoadLimits: false,
      vehicleLimit: 80,
      zones: new ZoneSet([]),
      zonesOnly: false,
      maxGapMs: 15 * MIN,
      ...o,
    });
    s.forEach((x) => d.push(x));
    d.finish();
    return d.episodes;
  };
  const s = track([
    ...driving(at(8), at(8, 10), 60),
    ...driving(at(8, 10), at(8, 12), 100),
    ...driving(at(8, 12), at(8, 20), 60),
    ...driving(at(8, 20), at(8, 20, 30), 90),
    ...driving(at(8, 20, 30), at(8, 30), 60),
  ]);

  it('finds episodes against the vehicle limit, with tolerances', () => {
    const e = run(s);
    expect(e.map((x) => [x.startTime, x.endTime, Math.round(x.maxSpeed), x.limit, x.source.kind])).toEqual([
      [at(8, 10), at(8, 12), 100, 80, 'vehicle'],
      [at(8, 20), at(8, 20, 30), 90, 80, 'vehicle'],
    ]);
    expect(run(s, { toleranceKmh: 15 }).map((x) => x.startTime)).toEqual([at(8, 10)]);
    expect(run(s, { toleranceSeconds: 60 }).map((x) => x.startTime)).toEqual([at(8, 10)]);
    expect(run(s, { toleranceSeconds: 121 })).toEqual([]);
  });

  it('zone limits apply inside the zone; with the filter only there', () => {
    const zones = new ZoneSet([zone]);
    const e = run(s, { zones });
    expect(e[0]).toMatchObject({ startTime: at(8), limit: 30, source: { kind: 'zone' } });
    expect(e[0].endTime).toBeLessThan(at(8, 10));
    const only = run(s, { zones, zonesOnly: true });
    expect(only).toHaveLength(1);
    expect(only[0].source).toMatchObject({ kind: 'zone', zone: { name: 'Escola' } });
  });

  it('road limits come from the position when asked; invalid fixes never speed', () => {
    const road = track([
      ...every(at(8), at(8, 2), 30_000, () => ({
        speed: 50,
        ignition: true,
        attrs: { speedLimit: kmhToKnots(40) },
      })),
      { time: at(8, 2), speed: 200, ignition: true, valid: false },
      ...driving(at(8, 2, 30), at(8, 5), 50),
    ]);
    expect(run(road)).toEqual([]);
    expect(
      run(road, { useRoadLimits: true }).map((x) => [x.startTime, x.endTime, x.limit, x.source.kind]),
    ).toEqual([[at(8), at(8, 2, 30), 40, 'road']]);
  });
});

describe('fuel, power take-off and zone visits', () => {
  it('finds a refill during a stop and a drop while parked, ignoring noise', () => {
    const level = (t: number) =>
      t < at(9) ? 50 + (t % 3) : t < at(11) ? 90 - (t % 2) : t < at(12) ? 88 : 70;
    const s = track([
      ...driving(at(8), at(8, 30), 60),
      ...every(at(8, 30), at(10), 5 * MIN, (t) => ({ speed: 0, ignition: false, attrs: { t } })),
      ...driving(at(10), at(10, 30), 60),
      ...every(at(10, 30), at(14), 10 * MIN, () => ({ speed: 0, ignition: false })),
    ]);
    const f = new FuelAnalyzer(10);
    for (const x of s) f.push(x, level(x.time));
    f.finish();
    expect(f.events.map((e) => [e.kind, e.time])).toEqual([
      ['refill', at(9)],
      ['drop', at(12)],
    ]);
    // before: the median of the readings before the stop, so the noise (+0..2, -0..1) stays out
    expect(f.events[0].before).toBeGreaterThanOrEqual(50);
    expect(f.events[0].before).toBeLessThanOrEqual(52);
    expect(f.events[0].after).toBeGreaterThanOrEqual(89);
    expect(f.events[1].before).toBeGreaterThanOrEqual(89);
    expect(f.events[1].after).toBe(70);
  });

  it('power take-off periods from its input, open at the end until the period end', () => {
    const s = track([
      ...every(at(8), at(9), 5 * MIN, (t) => ({
        speed: 0,
        ignition: true,
        attrs: { in2: t >= at(8, 10) && t < at(8, 40) },
      })),
      ...every(at(9), at(10), 5 * MIN, (t) => ({ speed: 0, ignition: true, attrs: { in2: t >= at(9, 30) } })),
    ]);
    const p = new FlagIntervals((x) => (x.attrs.in2 === undefined ? undefined : Boolean(x.attrs.in2)));
    s.forEach((x) => p.push(x));
    p.finish(at(11));
    expect(p.intervals.map((i) => [i.startTime, i.endTime])).toEqual([
      [at(8, 10), at(8, 40)],
      [at(9, 30), at(11)],
    ]);
  });

  it('zone visits with entry, exit, distance inside and an open visit at the end', () => {
    const zones = new ZoneSet([
      toReportZone({ id: 1, name: 'A', area: 'CIRCLE (-8.8 13.2, 2500)', attributes: {} })!,
      toReportZone({ id: 2, name: 'B', area: 'CIRCLE (-8.8 13.3, 1500)', attributes: {} })!,
    ]);
    const s = track([...driving(at(8), at(8, 20), 36, 60_000), ...parked(at(8, 20), at(9))]);
    const v = new ZoneVisits(zones);
    s.forEach((x) => v.push(x));
    v.finish();
    expect(v.visits.map((x) => [x.zone.name, x.enterTime, x.exitTime])).toEqual([
      ['A', at(8), at(8, 5)],
      ['B', at(8, 16), undefined],
    ]);
    expect(Math.round(v.visits[0].distance)).toBe(3000);
  });
});
