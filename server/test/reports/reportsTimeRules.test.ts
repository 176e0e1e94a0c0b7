/**
 * Report time rules (issue 14, points 3, 4 and 6), beyond reportsArithmetic.test.ts: the time of a long gap
 * is counted the same by trips and stops (Tracker) as by the day figures (DayBook); the hour meter decides
 * a long gap only when it is plausible; activity by driver splits work distance at the exact working-hours
 * edge, as by vehicle; a period that has not begun has no daily figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, type Client, type TestServer } from '../harness';
import { buildTrack, every, insertTrack, type TrackPoint } from '../../src/reports/testing/track';
import { DAY_TZ } from '../../src/reports/testing/seedDay';
import { at, driving, MIN, track, tz } from '../../src/reports/testing/samples';
import { MAX_GAP_MS, stepMotion, Tracker } from '../../src/track/tracker';
import { DayBook } from '../../src/track/dayBook';
import type { Sample } from '../../src/track/sample';

/** Driving 09:00-10:00, then idling reported every 30 minutes (10:30, 11:00), ignition off from 11:30. */
const drivingThenSparseIdle = (): TrackPoint[] => [
  ...every(at(9), at(10, 0, 30), 30_000, () => ({ speed: 40, ignition: true })),
  { time: at(10, 30), speed: 0, ignition: true },
  { time: at(11), speed: 0, ignition: true },
  { time: at(11, 30), speed: 0, ignition: false },
  { time: at(12), speed: 0, ignition: false },
];

/** Samples without the hour meter, so the state rule decides. */
const withoutMeter = (samples: Sample[]) => samples.map((s) => ({ ...s, hours: undefined }));

describe('one time rule for trips, stops and days', () => {
  it('gives a stop that begins with a long gap after driving that gap’s idle time, as the day book does', () => {
    const samples = withoutMeter(track(drivingThenSparseIdle()));
    const tracker = new Tracker();
    const book = new DayBook(tz, at(0), MAX_GAP_MS);
    for (const s of samples) {
      tracker.push(s);
      book.push(s);
    }
    tracker.finish(at(13));
    book.finish(at(13));
    expect(tracker.trips.map((t) => [t.startTime, t.endTime, t.drivingMs])).toEqual([
      [at(9), at(10), 60 * MIN],
    ]);
    // the stop starts at the last moving position; 10:00-11:00 idle, 11:00-11:30 ends off (uncounted)
    expect(tracker.stops.map((s) => [s.startTime, s.endTime, s.idleMs, s.ignitionOff])).toEqual([
      [at(10), at(13), 60 * MIN, true],
    ]);
    const [day] = book.list();
    expect([day.drivingMs, day.idleMs]).toEqual([60 * MIN, 60 * MIN]);
  });

  it('takes a long gap’s engine time from the hour meter only when it fits the gap', () => {
    const [a, b] = withoutMeter(
      track([
        { time: at(10), speed: 0, ignition: true },
        { time: at(10, 30), speed: 0, ignition: true },
      ]),
    );
    const meter = (from: number, to: number) =>
      stepMotion({ ...a, hours: from }, { ...b, hours: to }, MAX_GAP_MS);
    expect(meter(0, 12 * MIN)).toEqual({ motion: 'idle', share: 0.4 });
    // a reset (negative) or more than the gap lasted is not believed: ignition on at both ends decides
    expect(meter(50 * MIN, 0)).toEqual({ motion: 'idle', share: 1 });
    expect(meter(0, 45 * MIN)).toEqual({ motion: 'idle', share: 1 });
    // a short step takes the state of its start, whatever the meter says
    const short = stepMotion({ ...a, hours: 0 }, { ...a, time: a.time + 5 * MIN, hours: 0 }, MAX_GAP_MS);
    expect(short).toEqual({ motion: 'idle', share: 1 });
    // moving at both ends is driving
    const [m1, m2] = track([...driving(at(8), at(8, 0, 30), 50), ...driving(at(8, 30), at(8, 30, 30), 50)]);
    expect(stepMotion({ ...m1, hours: undefined }, { ...m2, hours: undefined }, MAX_GAP_MS)).toEqual({
      motion: 'moving',
      share: 1,
    });
  });
});

const MINUTE = 60_000;
// Wednesday 12 March 2025 in Luanda
const wed = (h: number, m = 0) => DAY_TZ.toUtc(2025, 3, 12, h, m, 0);
const WED = { from: '2025-03-12 00:00:00', to: '2025-03-12 23:59:59' };
const TZ = 'Africa/Luanda';
const localDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date(ms));
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe.each(dialects())('report time rules (%s)', (dialect) => {
  let server: TestServer;
  let admin: Client;
  const ids: Record<string, number> = {};

  const insert = async (name: string, points: TrackPoint[], meter = true) => {
    const device = await admin.post('/api/devices', { name, uniqueId: `rules-${name}` });
    ids[name] = device.body.id;
    const rows = buildTrack({ latitude: -8.8, longitude: 13.2 }, points).map((r) =>
      meter ? r : { ...r, hours: undefined as unknown as number },
    );
    await insertTrack(server.services.db, device.body.id, rows);
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    await admin.post('/api/drivers', { name: 'Joana', uniqueId: 'RFID-RULES' });
    ids.driver = (await admin.get('/api/drivers')).body.find((d: { name: string }) => d.name === 'Joana').id;
    await insert(
      'sparse',
      drivingThenSparseIdle().map((p) => ({ ...p, time: p.time + (wed(0) - at(0)) })),
      false,
    );
    // 17:30-18:30: 60 km/h until 17:58, then 120 km/h; the working day ends at 17:58
    const card = { driverUniqueId: 'RFID-RULES' };
    await insert('edge', [
      { time: wed(17), speed: 0, ignition: false, attrs: card },
      ...every(wed(17, 30), wed(18, 30), 30_000, (t) => ({
        speed: t < wed(17, 58) ? 60 : 120,
        ignition: true,
        attrs: card,
      })),
      { time: wed(18, 30), speed: 0, ignition: false, attrs: card },
      { time: wed(19), speed: 0, ignition: false, attrs: card },
    ]);
    // a tracker whose clock runs ahead: positions stamped the day after tomorrow
    const ahead = Date.parse(`${plusDays(localDay(Date.now()), 2)}T09:00:00Z`);
    await insert(
      'ahead',
      every(ahead, ahead + 60 * MINUTE, 30_000, () => ({ speed: 50, ignition: true })),
    );
  });
  afterAll(async () => server.close());

  const run = async (report: string, body: Record<string, unknown>) => {
    const res = await admin.post(`/report/report_${report}.php`, body);
    expect(res.status, res.text).toBe(200);
    return res.body as Array<{ header: string[]; data: unknown[][]; chart?: unknown }>;
  };
  const cell = (result: { header: string[]; data: unknown[][] }, title: string, row = 0) =>
    result.data[row][result.header.indexOf(title)];

  it('counts the idle gap that begins a stop in the stop’s Ralenti, as the hours report does', async () => {
    const [stops] = await run('stops', { ...WED, devices: [ids.sparse] });
    expect(stops.data).toHaveLength(1);
    expect(cell(stops, 'Início')).toBe('12/03/2025 10:00:00');
    expect(cell(stops, 'Ralenti')).toBe('01:00:00');
    const [hours] = await run('hours', { ...WED, devices: [ids.sparse] });
    expect(cell(hours, 'Ralenti')).toBe('01:00:00');
    expect(cell(hours, 'Em movimento')).toBe('01:00:00');
  });

  it('splits distance at a working-hours edge off the 5-minute grid the same by driver as by vehicle', async () => {
    const week = { weekdays: true, weekdays_start: '09:00', weekdays_end: '17:58' };
    const [byVehicle] = await run('activity', { ...WED, devices: [ids.edge], week });
    const [byDriver] = await run('activity', { ...WED, devices: [ids.driver], itemsType: 'D', week });
    for (const result of [byVehicle, byDriver]) {
      expect(cell(result, 'Distância (km)')).toBeCloseTo(92, 1);
      expect(cell(result, 'Em horário (km)')).toBeCloseTo(28, 1);
      expect(cell(result, 'Fora de horário (km)')).toBeCloseTo(64, 1);
    }
  });

  it('gives no km or chart for a period that has not begun, even with positions stamped in it', async () => {
    const first = plusDays(localDay(Date.now()), 2);
    const period = { from: `${first} 00:00:00`, to: `${plusDays(first, 2)} 23:59:59`, devices: [ids.ahead] };
    expect(await run('km', period)).toEqual([]);
    expect(await run('chart_km', period)).toEqual([]);
  });
});
