/**
 * The tachograph driver grid (document 3 §2, §7 tacho_drivers): the rows a user may see, with the counters as
 * JSON text. A row is what one vehicle's tracker reported for a card, so it is seen with that vehicle
 * (ARCHITECTURE §6); a card seen in several of the user's vehicles shows once, as last reported. Everything
 * read by card number (the registered driver's name, the state history, the card files' activity) is read
 * within the user's own vehicles, drivers and files (issue 33): another client's vehicle or file reporting
 * the same card number changes nothing here.
 */
import { type ActivityPeriod } from '@frota/core';
import type { Db } from '../../../db/database';
import { toIso } from '../../../db/mapping';
import { visibleIds, whereVisible, type Scope } from '../../../auth/policy';
import { answerCounters, currentSentCounters, sentAll } from './driverCounters';
import { driverHistory } from './driverHistory';
import { cardKey } from './driverChanges';
import { driverRowOf, loadSamples } from './driverStore';
import { visibleOwnerKeys } from '../files/owner';
import type { TachoDriverJson } from './schemas';

/** How far back the counters read the history: two full weeks and the weekly rests before them. */
export const HISTORY_MS = 28 * 86_400_000;

/**
 * The driver's activity within [from, to) (epoch seconds) from the imported card files of `owners` (the
 * caller's; undefined: every owner).
 */
export type CardActivitySource = (
  owners: readonly string[] | undefined,
  cardNumber: string,
  from: number,
  to: number,
) => Promise<ActivityPeriod[]>;

export interface DriverListQuery {
  search?: string;
  uniqueid?: string;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export async function listTachoDrivers(
  db: Db,
  scope: Scope,
  query: DriverListQuery,
  now: number,
  cardActivity: CardActivitySource,
): Promise<TachoDriverJson[]> {
  let q = db.kysely
    .selectFrom('tachoDrivers')
    .leftJoin('devices', 'devices.id', 'tachoDrivers.deviceId')
    .selectAll('tachoDrivers')
    .select(['devices.name as deviceName'])
    .orderBy('tachoDrivers.lastSeen', 'desc')
    .orderBy('tachoDrivers.id', 'desc');
  if (query.uniqueid) q = q.where('tachoDrivers.cardNumber', '=', cardKey(query.uniqueid));
  const devices = visibleIds(db, scope, 'devices');
  if (devices) q = q.where('tachoDrivers.deviceId', 'in', devices);
  // the newest report of each card among the user's vehicles
  const newest = new Map<string, Awaited<ReturnType<typeof q.execute>>[number]>();
  for (const r of await q.execute()) if (!newest.has(r.cardNumber)) newest.set(r.cardNumber, r);
  const names = await driverNames(db, scope, [...newest.keys()]);
  let rows = [...newest.values()]
    .map((r) => {
      const row = driverRowOf(r);
      // a tracker that sends no names: the driver the user registered with the card number as its identifier
      const registered = names.get(row.cardNumber);
      if (!row.name && !row.surname && registered) row.name = registered;
      return { row, deviceName: r.deviceName ?? null };
    })
    .sort(
      (a, b) =>
        compare(a.row.surname, b.row.surname) ||
        compare(a.row.name, b.row.name) ||
        compare(a.row.cardNumber, b.row.cardNumber),
    );
  if (query.search) {
    const wanted = fold(query.search.trim());
    rows = rows.filter(({ row, deviceName }) =>
      [row.name, row.surname, `${row.name} ${row.surname}`, row.licensePlate ?? '', deviceName ?? '']
        .map(fold)
        .some((text) => text.includes(wanted)),
    );
  }

  const nowSec = Math.floor(now / 1000);
  const fromSec = Math.floor((now - HISTORY_MS) / 1000);
  const needHistory = rows.filter(({ row }) => !sentAll(currentSentCounters(row)));
  const samples = await loadSamples(
    db,
    needHistory.map(({ row }) => row.cardNumber),
    now - HISTORY_MS,
    devices,
  );
  const owners = needHistory.length ? await visibleOwnerKeys(db, scope) : [];
  const cards = new Map<string, ActivityPeriod[]>();
  for (const { row } of needHistory)
    cards.set(row.cardNumber, await cardActivity(owners, row.cardNumber, fromSec, nowSec));

  return rows.map(({ row, deviceName }) => {
    const answer = answerCounters(
      currentSentCounters(row),
      () => driverHistory(samples.get(row.cardNumber) ?? [], cards.get(row.cardNumber) ?? [], nowSec),
      nowSec,
    );
    return {
      uniqueid: row.cardNumber,
      name: row.name,
      surname: row.surname,
      deviceId: row.deviceId,
      deviceName,
      license_plate: row.licensePlate,
      last_seen: toIso(row.lastSeen)!,
      working_state: row.workingState,
      card_present: row.cardPresent,
      slot: row.slot,
      counters: JSON.stringify(answer.counters),
      counters_source: answer.source,
    };
  });
}

/** Byte order, as the database sorted the rows before (names are upper-case ASCII as the trackers send them). */
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The names of the drivers the scope sees whose identifier is one of these card numbers. */
async function driverNames(db: Db, scope: Scope, cards: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!cards.length) return out;
  let q = db.kysely
    .selectFrom('drivers')
    .select(['drivers.uniqueId', 'drivers.name'])
    .where('drivers.uniqueId', 'in', [...cards]);
  q = whereVisible(q, 'drivers.id', db, scope, 'drivers');
  for (const r of await q.orderBy('drivers.id').execute())
    if (!out.has(r.uniqueId)) out.set(r.uniqueId, r.name);
  return out;
}
