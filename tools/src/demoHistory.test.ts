import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson } from '../../server/src/db/mapping';
import { dialects, startTestServer, type TestServer } from '../../server/test/harness';
import { storeDemoHistory } from './demoHistory';
import { seedDemo, DEMO_VEHICLES, type DemoHistoryVehicle } from './seedDemo';
import { DEMO_SCHOOL_BUS_INDEXES } from './simulator/demoFleet';
import { runHistory } from './simulator/history';
import { createProfile } from './simulator/profile';
import { vehicleRandom } from './simulator/run';

const HOUR = 3_600_000;

describe.each(dialects())('demo history on %s', (dialect) => {
  let server: TestServer;
  const now = Date.UTC(2026, 10, 29, 9, 0, 0);
  const from = now - 4 * HOUR;
  let covered: DemoHistoryVehicle[] = [];
  let stored = 0;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await seedDemo(server.services.db, now, {
      history: {
        from,
        store: async (vehicles) => {
          covered = vehicles;
          stored = await storeDemoHistory(server.ingest, vehicles, from, now);
        },
      },
    });
  });
  afterAll(async () => server.close());

  it('stores the past of every simulated vehicle through the pipeline, the offline ones until they left', async () => {
    expect(covered.map((v) => v.index)).toEqual(Array.from({ length: DEMO_VEHICLES }, (_, i) => i));
    const offline = covered.filter((v) => v.index % 9 === 8);
    expect(offline.map((v) => v.until)).toEqual(offline.map(() => now - 3 * 24 * HOUR));
    expect(stored).toBeGreaterThan(1000);
    const k = server.services.db.kysely;
    const rows = await k
      .selectFrom('positions')
      .innerJoin('devices', 'devices.id', 'positions.deviceId')
      .select(['devices.uniqueId', 'positions.fixTime', 'positions.protocol', 'positions.attributes'])
      .where('devices.uniqueId', '=', covered[0].uniqueId)
      .orderBy('positions.fixTime')
      .execute();
    // the seeded first position a minute before the history, then the history through the Teltonika decoder
    expect(Number(rows[0].fixTime)).toBe(from - 60_000);
    expect(rows[1].protocol).toBe('teltonika');
    expect(Number(rows[1].fixTime)).toBe(from);
    expect(Number(rows.at(-1)!.fixTime)).toBeLessThan(now);
    // the pipeline's odometer goes on from the seeded one (the simulator's start), not from 0
    const first = parseJson(rows[0].attributes).totalDistance as number;
    const last = parseJson(rows.at(-1)!.attributes).totalDistance as number;
    expect(first).toBe(10_000_000);
    expect(last).toBeGreaterThan(first);
    expect(last - first).toBeLessThan(4 * 120_000);
    // the vehicle's latest position is the history's last record
    const device = await k
      .selectFrom('devices')
      .select(['positionId'])
      .where('uniqueId', '=', covered[0].uniqueId)
      .executeTakeFirstOrThrow();
    const latest = await k
      .selectFrom('positions')
      .select('fixTime')
      .where('id', '=', Number(device.positionId))
      .executeTakeFirstOrThrow();
    expect(Number(latest.fixTime)).toBe(Number(rows.at(-1)!.fixTime));
  });

  it('reads the school buses’ passenger cards as passengers in the history, not as drivers', async () => {
    const k = server.services.db.kysely;
    const buses = covered.filter((v) => DEMO_SCHOOL_BUS_INDEXES.includes(v.index)).map((v) => v.deviceId);
    expect(buses.length).toBeGreaterThan(0);
    const positions = await k
      .selectFrom('positions')
      .select('attributes')
      .where('deviceId', 'in', buses)
      .execute();
    const cards = positions.map((p) => parseJson(p.attributes));
    expect(cards.filter((a) => typeof a.passengerCardId === 'string').length).toBeGreaterThan(0);
    // every driver card read on a bus is a driver's (the passengers' cards never become the driver)
    const driverCards = new Set(cards.map((a) => a.driverUniqueId).filter((c) => typeof c === 'string'));
    const passengerCards = new Set(cards.map((a) => a.passengerCardId).filter((c) => typeof c === 'string'));
    expect([...driverCards].filter((c) => passengerCards.has(c))).toEqual([]);
  });

  it('counts the dashboard’s statistics from the history’s start: vehicles that drove have a position', async () => {
    const stats = await server.services.db.kysely
      .selectFrom('deviceStatistics')
      .innerJoin('devices', 'devices.id', 'deviceStatistics.deviceId')
      .select(['devices.uniqueId', 'deviceStatistics.lastreset', 'deviceStatistics.lastignition'])
      .where(
        'devices.uniqueId',
        'in',
        covered.map((v) => v.uniqueId),
      )
      .execute();
    expect(stats.length).toBe(covered.length);
    for (const row of stats) expect(Number(row.lastreset)).toBe(from);
    // the spec's "with position" (lastignition > lastreset): every vehicle that drove in the history
    const withPosition = stats.filter(
      (r) => r.lastignition !== null && Number(r.lastignition) > Number(r.lastreset),
    );
    expect(withPosition.length).toBeGreaterThan(covered.length / 2);
  });

  it('ends each vehicle where the simulator warming up from the same start picks it up', async () => {
    const vehicle = covered[3];
    const profile = createProfile(vehicle.index, vehicle.uniqueId, now);
    const end = runHistory(profile, vehicleRandom(profile, 1), from, now);
    const k = server.services.db.kysely;
    const last = await k
      .selectFrom('positions')
      .innerJoin('devices', 'devices.id', 'positions.deviceId')
      .select(['positions.fixTime', 'positions.latitude', 'positions.longitude'])
      .where('devices.uniqueId', '=', vehicle.uniqueId)
      .orderBy('positions.fixTime', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(Number(last.fixTime)).toBe(end.time);
    expect(last.latitude).toBeCloseTo(end.fix.latitude, 5);
    expect(last.longitude).toBeCloseTo(end.fix.longitude, 5);
  });
});
