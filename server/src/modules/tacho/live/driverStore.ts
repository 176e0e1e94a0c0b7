/**
 * The tachograph driver rows and their state samples in the database (013_tachoDrivers, 026_tachoScope): one
 * row per (card, vehicle), each read and written only with the vehicle that reported it.
 */
import type { Selectable } from 'kysely';
import { reportedWorkingState, type ReportedWorkingState } from '@frota/core';
import type { Db } from '../../../db/database';
import { fromBool, parseJson, toBool, toJson } from '../../../db/mapping';
import type { TachoDriversTable } from '../../../db/tachoDriverTables';
import type { Slot } from './driverChanges';
import type { DriverRow } from './driverRow';
import { sampleKey, type LastSamples, type StateSample } from './stateSamples';
import type { VisibleIds } from '../../../auth/policy';

/** A sub-query of vehicle ids (the caller's), or undefined for every vehicle. */
export type DeviceFilter = VisibleIds | undefined;

/** A row's key: the vehicle that reported the card, and the card. */
export const rowKey = sampleKey;

const CHUNK = 500;

export function driverRowOf(r: Selectable<TachoDriversTable>): DriverRow {
  const state = r.workingState == null ? undefined : reportedWorkingState(Number(r.workingState));
  return {
    cardNumber: r.cardNumber,
    name: r.name,
    surname: r.surname,
    deviceId: r.deviceId == null ? null : Number(r.deviceId),
    licensePlate: r.licensePlate ?? null,
    slot: Number(r.slot) === 2 ? 2 : 1,
    lastSeen: Number(r.lastSeen),
    workingState: state ?? null,
    cardPresent: r.cardPresent == null ? null : toBool(r.cardPresent),
    counters: parseJson(r.counters) as DriverRow['counters'],
    countersTime: r.countersTime == null ? null : Number(r.countersTime),
  };
}

/** The rows these vehicles reported for these cards, by `rowKey`. */
export async function loadRows(
  db: Db,
  keys: readonly { deviceId: number; card: string }[],
): Promise<Map<string, DriverRow>> {
  const out = new Map<string, DriverRow>();
  const wanted = new Set(keys.map((k) => rowKey(k.deviceId, k.card)));
  const devices = [...new Set(keys.map((k) => k.deviceId))];
  const cards = [...new Set(keys.map((k) => k.card))];
  for (let i = 0; i < cards.length; i += CHUNK) {
    const rows = await db.kysely
      .selectFrom('tachoDrivers')
      .selectAll()
      .where('cardNumber', 'in', cards.slice(i, i + CHUNK))
      .where('deviceId', 'in', devices)
      .execute();
    for (const r of rows) {
      const key = rowKey(Number(r.deviceId), r.cardNumber);
      if (wanted.has(key)) out.set(key, driverRowOf(r));
    }
  }
  return out;
}

/** The card last seen in each slot of these vehicles, unless it was withdrawn. */
export async function loadSlotCards(
  db: Db,
  deviceIds: readonly number[],
): Promise<Array<{ deviceId: number; slot: Slot; card: string }>> {
  if (!deviceIds.length) return [];
  const rows = await db.kysely
    .selectFrom('tachoDrivers')
    .select(['cardNumber', 'deviceId', 'slot', 'cardPresent', 'lastSeen'])
    .where('deviceId', 'in', [...deviceIds])
    .orderBy('lastSeen', 'desc')
    .execute();
  const seen = new Set<string>();
  const out: Array<{ deviceId: number; slot: Slot; card: string }> = [];
  for (const r of rows) {
    const slot: Slot = Number(r.slot) === 2 ? 2 : 1;
    const key = `${r.deviceId}:${slot}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (r.cardPresent != null && !toBool(r.cardPresent)) continue;
    out.push({ deviceId: Number(r.deviceId), slot, card: r.cardNumber });
  }
  return out;
}

/** The newest stored sample of each card in each vehicle not yet in `last`. */
export async function loadLastSamples(
  db: Db,
  keys: readonly { deviceId: number; card: string }[],
  last: LastSamples,
): Promise<void> {
  for (const { deviceId, card } of keys) {
    const key = sampleKey(deviceId, card);
    if (last.has(key)) continue;
    const r = await db.kysely
      .selectFrom('tachoDriverStates')
      .select(['time', 'state'])
      .where('cardNumber', '=', card)
      .where('deviceId', '=', deviceId)
      .orderBy('time', 'desc')
      .limit(1)
      .executeTakeFirst();
    const state = r ? reportedWorkingState(Number(r.state)) : undefined;
    if (r && state !== undefined) last.set(key, { time: Number(r.time), state });
  }
}

/** Writes the rows (insert or replace) and the samples in one transaction. */
export async function saveDrivers(
  db: Db,
  rows: readonly DriverRow[],
  samples: readonly StateSample[],
  now: number,
): Promise<void> {
  if (!rows.length && !samples.length) return;
  await db.kysely.transaction().execute(async (trx) => {
    for (const row of rows) {
      const values = {
        name: row.name,
        surname: row.surname,
        deviceId: row.deviceId,
        licensePlate: row.licensePlate,
        slot: row.slot,
        lastSeen: row.lastSeen,
        workingState: row.workingState,
        cardPresent: row.cardPresent === null ? null : fromBool(db.dialect, row.cardPresent),
        counters: toJson(row.counters),
        countersTime: row.countersTime,
        updatedAt: now,
      };
      await trx
        .insertInto('tachoDrivers')
        .values({ cardNumber: row.cardNumber, ...values })
        .onConflict((oc) => oc.columns(['cardNumber', 'deviceId']).doUpdateSet(values))
        .execute();
    }
    for (let i = 0; i < samples.length; i += CHUNK)
      await trx
        .insertInto('tachoDriverStates')
        .values(samples.slice(i, i + CHUNK))
        .execute();
  });
}

/**
 * State samples of these cards since `from` (epoch ms) reported by the `devices` (the caller's vehicles), per
 * card, oldest first; times in epoch seconds.
 */
export async function loadSamples(
  db: Db,
  cards: readonly string[],
  from: number,
  devices: DeviceFilter,
): Promise<Map<string, Array<{ time: number; state: ReportedWorkingState }>>> {
  const out = new Map<string, Array<{ time: number; state: ReportedWorkingState }>>();
  for (let i = 0; i < cards.length; i += CHUNK) {
    let q = db.kysely
      .selectFrom('tachoDriverStates')
      .select(['cardNumber', 'time', 'state'])
      .where('cardNumber', 'in', cards.slice(i, i + CHUNK))
      .where('time', '>=', from);
    if (devices) q = q.where('deviceId', 'in', devices);
    const rows = await q.orderBy('cardNumber').orderBy('time').execute();
    for (const r of rows) {
      const state = reportedWorkingState(Number(r.state));
      if (state === undefined) continue;
      let list = out.get(r.cardNumber);
      if (!list) out.set(r.cardNumber, (list = []));
      list.push({ time: Math.floor(Number(r.time) / 1000), state });
    }
  }
  return out;
}

/** Samples older than `before` (epoch ms) are past any counter's reach. */
export async function pruneSamples(db: Db, before: number): Promise<void> {
  await db.kysely.deleteFrom('tachoDriverStates').where('time', '<', before).execute();
}
