/**
 * `npm run bench:refills [-- --refills 200000 --vehicles 500 --days 365 --runs 15 --pg postgres://…]`
 *
 * The refill centre (GET /report/api.php/refills/{from}/{to}, issue 18 Speed: a year of a 500-vehicle
 * fleet's ≥ 200,000 refills filtered and paged in under 300 ms a page). Seeds, with direct inserts, the
 * vehicles (in groups), drivers, two stations, two operators and the refills of each vehicle every day or
 * so over the period (half from the app), their consumption chain computed by the core rules, on SQLite
 * (a fresh file) and, with --pg (or FROTA_BENCH_DATABASE_URL), on a fresh schema of that PostgreSQL. Then
 * times, through the route's own service (`searchRefills`: period, filters, count, footer totals, page of
 * 100 with vehicle and driver joined), pages 1 to 5 with no filter, a type, a fuel, a group, a driver, a
 * vehicle and two searches (plate, operator), as an administrator and as a user who sees half the fleet.
 * Prints one JSON line: seed sizes and times, p50/p95 per case. `--sqlite FILE` keeps that SQLite file.
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { computeChain, MAX_REFILL_PERIOD_DAYS, thresholdsOf } from '@frota/core';
import { random } from './reportsSeed';
import { percentile } from './percentiles';
import type { Db } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrate';
import { fromBool, toJson } from '../../server/src/db/mapping';
import { benchUser, insertChunks, onDatabases, timed } from './listBench';
import { zoneFor } from '../../server/src/track/timezone';
import { searchRefills, type CentreQuery } from '../../server/src/modules/refills/centre';

const { values: args } = parseArgs({
  options: {
    refills: { type: 'string', default: '200000' },
    vehicles: { type: 'string', default: '500' },
    days: { type: 'string', default: '365' },
    runs: { type: 'string', default: '15' },
    pg: { type: 'string' },
    sqlite: { type: 'string' },
  },
});
const REFILLS = Number(args.refills);
const VEHICLES = Number(args.vehicles);
const DAYS = Math.min(MAX_REFILL_PERIOD_DAYS, Number(args.days));
const RUNS = Math.max(1, Number(args.runs));
const PG_URL = args.pg ?? process.env.FROTA_BENCH_DATABASE_URL;
const DRIVERS = 300;
const tz = zoneFor('Africa/Luanda');
const DAY0 = tz.toUtc(2025, 1, 1);
const FROM_DAY = '2025-01-01';
const TO_DAY = tz.dayKey(DAY0 + (DAYS - 1) * 86_400_000);

const COLUMNS = [
  'device_id',
  'type',
  'cost_date',
  'sequence',
  'fuel_type',
  'litres',
  'cost',
  'invoice',
  'driver_id',
  'operator_id',
  'operator_name',
  'operator_code',
  'station_id',
  'site_name',
  'latitude',
  'longitude',
  'km',
  'hours',
  'details',
  'delta_km',
  'delta_hours',
  'consumption_l100km',
  'consumption_lkm',
  'consumption_lh',
  'consumption_l100km_yellow',
  'consumption_l100km_red',
  'consumption_lkm_yellow',
  'consumption_lkm_red',
  'consumption_lh_yellow',
  'consumption_lh_red',
  'user_id',
  'created_at',
];

async function seed(db: Db): Promise<{ vehicles: number[]; refills: number }> {
  const rnd = random(18);
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
  await insertChunks(
    db,
    'devices',
    Array.from({ length: VEHICLES }, (_, i) => ({
      name: `Viatura ${i}`,
      uniqueId: `rf-${i}`,
      groupId: groups[i % groups.length],
      status: 'offline',
      disabled: fromBool(db.dialect, false),
      attributes: toJson({ license_plate: `LD-${String(i).padStart(3, '0')}-RF` }),
    })),
    250,
  );
  const vehicles = (await k.selectFrom('devices').select('id').orderBy('id').execute()).map((r) =>
    Number(r.id),
  );
  await insertChunks(
    db,
    'drivers',
    Array.from({ length: DRIVERS }, (_, i) => ({
      name: `Condutor ${i}`,
      uniqueId: `CARD-${i}`,
      attributes: toJson({}),
    })),
    300,
  );
  const drivers = (await k.selectFrom('drivers').select('id').orderBy('id').execute()).map((r) =>
    Number(r.id),
  );
  const stations: Array<{ id: number; name: string; fuel: string }> = [];
  for (const [name, fuel] of [
    ['Posto Viana', 'diesel'],
    ['Posto Talatona', 'gasoline'],
  ]) {
    const row = await k
      .insertInto('refillStations')
      .values({
        userId: null,
        name,
        code: name.toUpperCase(),
        location: '',
        fuelType: fuel,
        totalCapacity: 30000,
        mainStationId: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    stations.push({ id: Number(row.id), name, fuel });
  }
  const operators = [
    { id: null, name: 'Carlos Bomba', code: 'OP-01' },
    { id: null, name: 'Luísa Neto', code: 'OP-02' },
  ];
  const thresholds = thresholdsOf({ l100kmYellow: 38, l100kmRed: 45, lhYellow: 12, lhRed: 15 });
  const perVehicle = Math.ceil(REFILLS / vehicles.length);
  const span = DAYS * 86_400_000;
  const rows: unknown[][] = [];
  for (const [v, deviceId] of vehicles.entries()) {
    const station = stations[v % 2];
    let km = 10000 + Math.floor(rnd() * 90000);
    let hours = 1000 + Math.floor(rnd() * 4000);
    const chain = Array.from({ length: perVehicle }, (_, j) => {
      km += 100 + Math.floor(rnd() * 300);
      hours += 3 + Math.floor(rnd() * 8);
      return {
        id: j,
        costDate: DAY0 + Math.floor(((j + rnd()) / perVehicle) * span),
        litres: Math.round(30 + rnd() * 120),
        km,
        hours,
      };
    });
    for (const { refill: r, consumption: c } of computeChain(chain)) {
      const app = rnd() < 0.5;
      const op = operators[Math.floor(rnd() * 2)];
      rows.push([
        deviceId,
        app ? 'A' : 'M',
        r.costDate,
        c.sequence,
        station.fuel,
        r.litres,
        r.litres * 300,
        app ? '' : 'FT',
        rnd() < 0.8 ? drivers[Math.floor(rnd() * drivers.length)] : null,
        null,
        app ? op.name : null,
        app ? op.code : null,
        station.id,
        station.name,
        -8.9,
        13.37,
        r.km,
        r.hours,
        '',
        c.deltaKm,
        c.deltaHours,
        c.consumptionL100km,
        c.consumptionLkm,
        c.consumptionLh,
        thresholds.consumptionL100kmYellow,
        thresholds.consumptionL100kmRed,
        thresholds.consumptionLkmYellow,
        thresholds.consumptionLkmRed,
        thresholds.consumptionLhYellow,
        thresholds.consumptionLhRed,
        null,
        r.costDate,
      ]);
    }
  }
  if (db.sqlite) {
    const insert = db.sqlite.prepare(
      `INSERT INTO refills (${COLUMNS.join(',')}) VALUES (${COLUMNS.map(() => '?').join(',')})`,
    );
    const batch = db.sqlite.transaction((chunk: unknown[][]) => {
      for (const r of chunk) insert.run(...r);
    });
    for (let i = 0; i < rows.length; i += 50_000) batch(rows.slice(i, i + 50_000));
    db.sqlite.exec('ANALYZE');
  } else {
    const CHUNK = 1000;
    let next = 0;
    const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
    const keys = COLUMNS.map(camel);
    const writer = async () => {
      while (next * CHUNK < rows.length) {
        const chunk = rows.slice(next * CHUNK, ++next * CHUNK);
        await k
          .insertInto('refills')
          .values(chunk.map((r) => Object.fromEntries(keys.map((key, i) => [key, r[i]]))) as never)
          .execute();
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    await sql`VACUUM ANALYZE refills`.execute(k);
  }
  return { vehicles, refills: rows.length };
}

async function benchOn(db: Db) {
  await migrateToLatest(db);
  const [seedMs, seeded] = await timed(() => seed(db));
  const groups = (await db.kysely.selectFrom('groups').select('id').orderBy('id').execute()).map((r) =>
    Number(r.id),
  );
  const drivers = (await db.kysely.selectFrom('drivers').select('id').orderBy('id').limit(1).execute()).map(
    (r) => Number(r.id),
  );
  const admin = await benchUser(db, true, [], 'module.refills');
  const half = await benchUser(db, false, groups.slice(0, groups.length / 2), 'module.refills');
  const base: CentreQuery = { offset: 0, limit: 100, sort: 'costDate', order: 'desc' };
  const cases: Record<string, Partial<CentreQuery>> = {
    noFilter: {},
    typeApp: { type: 'A' },
    fuel: { fuel: 'gasoline' },
    group: { group: String(groups[0]) },
    driver: { driver: String(drivers[0]) },
    device: { device: String(seeded.vehicles[10]) },
    searchPlate: { search: 'ld-01' },
    searchOperator: { search: 'carlos' },
  };
  const result: Record<string, unknown> = {};
  let listed = 0;
  for (const [who, scope] of [
    ['admin', admin],
    ['halfFleet', half],
  ] as const) {
    const times: Record<string, { p50: number; p95: number; total: number }> = {};
    for (const [name, filter] of Object.entries(cases)) {
      const samples: number[] = [];
      let count = 0;
      await searchRefills(db, scope, FROM_DAY, TO_DAY, { ...base, ...filter }); // warm
      for (let i = 0; i < RUNS; i++) {
        const q = { ...base, ...filter, offset: (i % 5) * 100 };
        const [ms, answer] = await timed(() => searchRefills(db, scope, FROM_DAY, TO_DAY, q));
        samples.push(ms);
        count = (answer as { total: number }).total;
      }
      times[name] = {
        p50: Math.round(percentile(samples, 50) * 10) / 10,
        p95: Math.round(percentile(samples, 95) * 10) / 10,
        total: count,
      };
      if (who === 'admin' && name === 'noFilter') listed = count;
    }
    result[who] = times;
  }
  return {
    seed: { vehicles: seeded.vehicles.length, refills: seeded.refills, listed, ms: Math.round(seedMs) },
    pageMs: result,
  };
}

async function main() {
  const results = await onDatabases('refills', { sqliteFile: args.sqlite, pgUrl: PG_URL }, benchOn);
  console.log(
    JSON.stringify({
      bench: 'refillCentre',
      period: `${FROM_DAY}..${TO_DAY}`,
      page: 100,
      runs: RUNS,
      ...results,
    }),
  );
}

await main();
