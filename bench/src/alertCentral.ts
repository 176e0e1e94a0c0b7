/**
 * `npm run bench:alertCentral [-- --events 1100000 --vehicles 500 --days 31 --runs 15 --pg postgres://…]`
 *
 * The alert central's list (GET /report/api.php/events/{from}/{to}, issue 16: a filtered page of a
 * 500-vehicle fleet's month of ≥ 1 M events in under 300 ms). Seeds, with direct inserts, the vehicles (in
 * groups, half with an assigned driver), drivers, positions (half carrying a driver card) and the events
 * of the alert types spread over the days (3 % with a status already set), on SQLite (a fresh file) and,
 * with --pg (or FROTA_BENCH_DATABASE_URL), on a fresh schema of that PostgreSQL. Then times, through the
 * route's own service (`searchEvents`: period, filters, count, page of 100, fields joined), pages 1 to 5
 * with no filter, a status filter, a type filter, a search and a vehicle filter, as an administrator and
 * as an operator who sees half the fleet. Prints one JSON line: seed sizes and times, p50/p95 per case.
 * `--sqlite FILE` seeds that SQLite file instead of a temporary one and keeps it (for EXPLAIN).
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { random } from './reportsSeed';
import { percentile } from './percentiles';
import type { Db } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrate';
import { fromBool, toJson } from '../../server/src/db/mapping';
import { benchUser, insertChunks, onDatabases, timed } from './listBench';
import { zoneFor } from '../../server/src/track/timezone';
import { searchEvents, type EventsQuery } from '../../server/src/modules/alerts/eventSearch';
import { ALERT_CENTRAL_TYPES } from '@frota/core';

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '1100000' },
    vehicles: { type: 'string', default: '500' },
    days: { type: 'string', default: '31' },
    runs: { type: 'string', default: '15' },
    pg: { type: 'string' },
    sqlite: { type: 'string' },
  },
});
const EVENTS = Number(args.events);
const VEHICLES = Number(args.vehicles);
const DAYS = Number(args.days);
const RUNS = Math.max(1, Number(args.runs));
const PG_URL = args.pg ?? process.env.FROTA_BENCH_DATABASE_URL;
const DRIVERS = 300;
const POSITIONS_PER_VEHICLE = 200;
const tz = zoneFor('Africa/Luanda');
const DAY0 = tz.toUtc(2025, 3, 1);
const FROM_DAY = '2025-03-01';
const TO_DAY = tz.dayKey(DAY0 + (DAYS - 1) * 86_400_000);

/** Event types as stored, weighted as a fleet raises them: overspeed and zones most, SOS rarely. */
const WEIGHTED: Array<[string, Record<string, unknown>, number]> = ALERT_CENTRAL_TYPES.map((t) => {
  const weight: Record<string, number> = {
    deviceOverspeed: 30,
    geofenceEnter: 20,
    geofenceExit: 20,
    alarmsos: 1,
  };
  if (t.startsWith('alarm')) return ['alarm', { alarm: t.slice(5) }, weight[t] ?? 4];
  return [t, {}, weight[t] ?? 3];
});
const TOTAL_WEIGHT = WEIGHTED.reduce((s, w) => s + w[2], 0);

function pickType(r: number): [string, Record<string, unknown>] {
  let x = r * TOTAL_WEIGHT;
  for (const [type, attrs, w] of WEIGHTED) if ((x -= w) < 0) return [type, attrs];
  return [WEIGHTED[0][0], WEIGHTED[0][1]];
}

async function seed(
  db: Db,
): Promise<{ vehicles: number[]; drivers: number; positions: number; events: number }> {
  const rnd = random(16);
  const k = db.kysely;
  const groups: number[] = [];
  for (let g = 0; g < 10; g++)
    groups.push(
      Number(
        (
          await k
            .insertInto('groups')
            .values({ name: `Grupo ${g}`, attributes: toJson({}) })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      ),
    );
  const vehicleRows = Array.from({ length: VEHICLES }, (_, i) => ({
    name: `Viatura ${i}`,
    uniqueId: `ac-${i}`,
    groupId: groups[i % groups.length],
    status: 'offline',
    disabled: fromBool(db.dialect, false),
    attributes: toJson({ license_plate: `LD-${String(i).padStart(3, '0')}-AC` }),
  }));
  await insertChunks(db, 'devices', vehicleRows, 250);
  const vehicles = (await k.selectFrom('devices').select('id').orderBy('id').execute()).map((r) =>
    Number(r.id),
  );
  const driverRows = Array.from({ length: DRIVERS }, (_, i) => ({
    name: `Condutor ${i}`,
    uniqueId: `CARD-${i}`,
    attributes: toJson({ phone: `+244 9${String(i).padStart(8, '0')}` }),
  }));
  await insertChunks(db, 'drivers', driverRows, 300);
  const drivers = (await k.selectFrom('drivers').select('id').orderBy('id').execute()).map((r) =>
    Number(r.id),
  );
  await insertChunks(
    db,
    'deviceDriver',
    vehicles
      .slice(0, VEHICLES / 2)
      .map((deviceId, i) => ({ deviceId, driverId: drivers[i % drivers.length] })),
    500,
  );

  const span = DAYS * 86_400_000;
  const positionIds = new Map<number, number[]>();
  for (const deviceId of vehicles) {
    const rows = Array.from({ length: POSITIONS_PER_VEHICLE }, (_, j) => {
      const fixTime = DAY0 + Math.floor(((j + rnd()) / POSITIONS_PER_VEHICLE) * span);
      return {
        deviceId,
        protocol: 'teltonika',
        serverTime: fixTime,
        deviceTime: fixTime,
        fixTime,
        valid: fromBool(db.dialect, true),
        latitude: -8.8 + rnd() * 0.2,
        longitude: 13.2 + rnd() * 0.2,
        altitude: 0,
        speed: rnd() * 60,
        course: 0,
        accuracy: 0,
        address: `Rua ${j}, Luanda`,
        event: null,
        attributes: toJson(rnd() < 0.5 ? { driverUniqueId: `CARD-${Math.floor(rnd() * DRIVERS)}` } : {}),
      };
    });
    const ids = await k.insertInto('positions').values(rows).returning('id').execute();
    positionIds.set(
      deviceId,
      ids.map((r) => Number(r.id)),
    );
  }

  const eventRow = () => {
    const deviceId = vehicles[Math.floor(rnd() * vehicles.length)];
    const t = Math.floor(rnd() * span);
    const own = positionIds.get(deviceId)!;
    const positionId = own[Math.min(own.length - 1, Math.floor((t / span) * own.length))];
    const [type, base] = pickType(rnd());
    const attributes = type === 'deviceOverspeed' ? { speed: 40 + rnd() * 30, speedLimit: 32 } : base;
    const status = rnd() < 0.03 ? 1 + Math.floor(rnd() * 3) : 0;
    return { type, eventTime: DAY0 + t, deviceId, positionId, attributes: toJson(attributes), status };
  };
  if (db.sqlite) {
    const insert = db.sqlite.prepare(
      'INSERT INTO events (type, event_time, device_id, position_id, attributes, last_status) VALUES (?,?,?,?,?,?)',
    );
    const batch = db.sqlite.transaction((n: number) => {
      for (let i = 0; i < n; i++) {
        const e = eventRow();
        insert.run(e.type, e.eventTime, e.deviceId, e.positionId, e.attributes, e.status);
      }
    });
    for (let done = 0; done < EVENTS; done += 50_000) batch(Math.min(50_000, EVENTS - done));
    db.sqlite.exec('ANALYZE');
  } else {
    const CHUNK = 2000;
    const chunks = Math.ceil(EVENTS / CHUNK);
    let next = 0;
    // four writers at once: the server, not this process, is the limit
    const writer = async () => {
      while (next < chunks) {
        const n = Math.min(CHUNK, EVENTS - next++ * CHUNK);
        const rows = Array.from({ length: n }, eventRow).map(({ status, ...e }) => ({
          ...e,
          geofenceId: null,
          lastStatus: status,
        }));
        await k.insertInto('events').values(rows).execute();
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    await sql`VACUUM ANALYZE events`.execute(k);
  }
  return { vehicles, drivers: DRIVERS, positions: VEHICLES * POSITIONS_PER_VEHICLE, events: EVENTS };
}

async function benchOn(db: Db) {
  await migrateToLatest(db);
  const [seedMs, seeded] = await timed(() => seed(db));
  const groups = (await db.kysely.selectFrom('groups').select('id').orderBy('id').execute()).map((r) =>
    Number(r.id),
  );
  const admin = await benchUser(db, true, [], 'module.events');
  const operator = await benchUser(db, false, groups.slice(0, groups.length / 2), 'module.events');
  const base = { offset: 0, limit: 100, sort: 'eventTime', order: 'desc' } as EventsQuery;
  const cases: Record<string, Partial<EventsQuery>> = {
    noFilter: {},
    status: { status: '1,2' },
    type: { type: 'alarmsos' },
    search: { search: 'condutor 17' },
    device: { device: String(seeded.vehicles[12]) },
  };
  const result: Record<string, unknown> = {};
  let total = 0;
  for (const [who, scope] of [
    ['admin', admin],
    ['operator', operator],
  ] as const) {
    const times: Record<string, { p50: number; p95: number; total: number }> = {};
    for (const [name, filter] of Object.entries(cases)) {
      const samples: number[] = [];
      let count = 0;
      await searchEvents(db, scope, FROM_DAY, TO_DAY, { ...base, ...filter }); // warm
      for (let i = 0; i < RUNS; i++) {
        const q = { ...base, ...filter, offset: (i % 5) * 100 };
        const [ms, answer] = await timed(() => searchEvents(db, scope, FROM_DAY, TO_DAY, q));
        samples.push(ms);
        count = (answer as { total: number }).total;
      }
      times[name] = { p50: percentile(samples, 50), p95: percentile(samples, 95), total: count };
      if (who === 'admin' && name === 'noFilter') total = count;
    }
    result[who] = times;
  }
  return {
    seed: { ...seeded, vehicles: seeded.vehicles.length, listed: total, ms: Math.round(seedMs) },
    pageMs: result,
  };
}

async function main() {
  const results = await onDatabases('alerts', { sqliteFile: args.sqlite, pgUrl: PG_URL }, benchOn);
  console.log(
    JSON.stringify({
      bench: 'alertCentral',
      period: `${FROM_DAY}..${TO_DAY}`,
      page: 100,
      runs: RUNS,
      ...results,
    }),
  );
}

await main();
