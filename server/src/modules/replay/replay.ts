/**
 * Route replay data (contract item 1): one vehicle's positions of a period with their distance, event
 * marker and speed limit, the trips of the trips report with their index ranges, and the vehicle.
 * Positions are streamed from the database in chunks (the reports' keyset stream) straight into columns;
 * the detectors of the reports run in the same pass.
 */
import { fuelPercent, numberAttr } from '@frota/core';
import { seesPrivate } from '../../auth/privacy';
import type { Scope } from '../../auth/policy';
import type { Db } from '../../db/database';
import { badRequest } from '../../errors';
import type { Services } from '../../services/context';
import { buildContext, type ReportContext, type VehicleInfo } from '../../reports/context';
import { vehicleStops } from '../../reports/builders/stops';
import { positionChunks, type StreamSpec } from '../../track/positionStream';
import { MACHINE_KEYS, MOTION_KEYS, toSample, type Sample } from '../../track/sample';
import { ptoInput } from '../../reports/builders/pto';
import { markEvents, PassDetectors } from './markers';
import { PositionColumns } from './positionColumns';
import { carriesSeries, parseReplayRequest, type ReplayFormat } from './request';
import { reportTrips, tripRows, type ReplayTrip } from './trips';

/** Position objects are for short periods (a day at 1 Hz); the column answer holds a week and more. */
export const MAX_OBJECT_POSITIONS = 100_000;
export const MAX_COLUMN_POSITIONS = 1_500_000;
export const tooManyMessage = (max: number) =>
  `Demasiadas posições no período (mais de ${max}). Por favor seleccione um período mais curto`;

export interface ReplayDevice {
  id: number;
  name: string;
  licensePlate: string | null;
  /** litres (kW for electric vehicles) */
  fuelCapacity: number | null;
  /** 1 = electric */
  fuelType: number | null;
}

export interface ReplayData {
  format: ReplayFormat;
  device: ReplayDevice;
  cols: PositionColumns;
  trips: ReplayTrip[];
}

/**
 * Rows per read. Small on SQLite (in-process, no round trip): a chunk of rows with their attribute texts
 * and objects then dies young instead of being promoted and traced by the old-generation collector;
 * larger on PostgreSQL, where every read is a round trip.
 */
const chunkSize = (db: Db) => (db.dialect === 'sqlite' ? 1000 : 5000);

/** Positions of the period: the columns are sized from it (the (deviceId, fixTime) index answers it). */
async function countPositions(db: Db, deviceId: number, from: number, to: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('positions')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('deviceId', '=', deviceId)
    .where('fixTime', '>=', from)
    .where('fixTime', '<=', to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function deviceBlock(v: VehicleInfo): ReplayDevice {
  const plate = v.attributes.license_plate;
  return {
    id: v.id,
    name: v.name,
    licensePlate: typeof plate === 'string' && plate.trim() ? plate.trim() : null,
    fuelCapacity: numberAttr(v.attributes.fuel_tank_capacity) ?? null,
    fuelType: numberAttr(v.attributes.fuel_type) ?? null,
  };
}

/**
 * What one pass reads: every attribute when the answer carries the series (or the objects), else only the
 * attributes the route's detectors read (motion, machine, fuel level and sensor, privacy, the road's limit,
 * power take-off): parsing every position's whole attributes is most of a week's work.
 */
function streamSpec(ctx: { db: Db }, vehicle: VehicleInfo, format: ReplayFormat): StreamSpec {
  const chunk = chunkSize(ctx.db);
  if (carriesSeries(format)) return { keys: [], allAttributes: true, details: true, chunk };
  const pto = ptoInput(vehicle.attributes)?.keys ?? [];
  const keys = [...MOTION_KEYS, ...MACHINE_KEYS, 'fuel', 'adc1', 'privacy', 'speedLimit', ...pto];
  // a streamed answer's course comes with its route, and only position objects carry addresses
  return { keys: [...new Set(keys)], details: format !== 'stream', chunk };
}

/** A checked replay query: the vehicle seen through the access policy and its positions counted. */
export interface ReplayPlan {
  format: ReplayFormat;
  ctx: ReportContext;
  vehicle: VehicleInfo;
  from: number;
  to: number;
  /** positions of the period when asked (0 outside a temporary user's window) */
  count: number;
  /** the most positions the answer may hold */
  max: number;
  /** whether private places are blanked for this user (not an administrator) */
  hidden: boolean;
}

/**
 * Reads and checks the query before anything is answered: 400 for a bad body or too many positions, 403
 * without the history permission, 404 for a vehicle the user does not see.
 */
export async function planReplay(
  services: Services,
  scope: Scope,
  body: unknown,
  now = Date.now(),
): Promise<ReplayPlan> {
  const request = parseReplayRequest(scope, body);
  // the vehicle through the access policy: 404 when the user does not see it
  const ctx = await buildContext(services, scope, 'routechartdata', request.report, now);
  const vehicle = ctx.vehicles[0];
  const max = request.format === 'objects' ? MAX_OBJECT_POSITIONS : MAX_COLUMN_POSITIONS;
  const count = request.inside ? await countPositions(ctx.db, vehicle.id, request.from, request.to) : 0;
  if (count > max) throw badRequest(tooManyMessage(max));
  const { format, from, to } = request;
  return { format, ctx, vehicle, from, to, count, max, hidden: !seesPrivate(scope.user) };
}

export interface ReadOptions {
  /** only positions stored up to this id (those a route already read) */
  maxId?: number;
  /** lets other work run between chunks (a streamed answer's writes); else the pass runs in one go */
  between?: () => Promise<void>;
}

/** The positions of the plan in columns, with their markers, limits and trips (the series as asked). */
export async function readReplay(plan: ReplayPlan, options: ReadOptions = {}): Promise<ReplayData> {
  const { ctx, vehicle, format, count, max } = plan;
  const withSeries = carriesSeries(format);
  const cols = new PositionColumns(vehicle.attributes, plan.hidden, format === 'objects', count, withSeries);
  const result: ReplayData = { format, device: deviceBlock(vehicle), cols, trips: [] };
  if (!count) return result;

  // the series alone need no markers, limits or trips: the route answer has them
  const detectors = format === 'series' ? null : await PassDetectors.for(ctx, vehicle);
  await options.between?.();
  let prev: Sample | undefined;
  const spec = { ...streamSpec(ctx, vehicle, format), maxId: options.maxId };
  for await (const chunk of positionChunks(ctx.db, vehicle.id, plan.from, plan.to, spec)) {
    // positions stored meanwhile (a device sending its buffer) may pass the count, not the limit
    if (cols.length + chunk.length > max) throw badRequest(tooManyMessage(max));
    for (const raw of chunk) {
      const s = toSample(raw, vehicle.profile, prev);
      const fuel = fuelPercent(vehicle.attributes, raw.attrs);
      cols.add(raw, s, detectors?.push(s, fuel), fuel);
      prev = s;
    }
    await options.between?.();
  }
  if (!cols.length || !detectors) return result;
  const found = detectors.finish(ctx.end);
  await options.between?.();
  const trips = await reportTrips(ctx);
  await options.between?.();
  const stops = await vehicleStops(ctx, vehicle);
  await options.between?.();
  markEvents(cols, { trips, stops, ...found });
  result.trips = await tripRows(ctx, trips, cols, found.refills, found.pto);
  return result;
}

export async function replayData(
  services: Services,
  scope: Scope,
  body: unknown,
  now = Date.now(),
): Promise<ReplayData> {
  return readReplay(await planReplay(services, scope, body, now));
}
