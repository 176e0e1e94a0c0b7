/**
 * The tachograph driver grid (document 3 §2, §7 tacho_drivers): the rows a user may see (ARCHITECTURE §6: the
 * driver's last vehicle, or the driver himself, is among the user's), with the counters as JSON text.
 */
import { type ActivityPeriod } from '@frota/core';
import type { Db } from '../../../db/database';
import { toIso } from '../../../db/mapping';
import { visibleIds, type Scope } from '../../../auth/policy';
import { answerCounters, currentSentCounters, sentAll } from './driverCounters';
import { driverHistory } from './driverHistory';
import { cardKey } from './driverChanges';
import { driverRowOf, loadSamples } from './driverStore';
import type { TachoDriverJson } from './schemas';

/** How far back the counters read the history: two full weeks and the weekly rests before them. */
export const HISTORY_MS = 28 * 86_400_000;

/** The driver's activity from imported card files within [from, to) (epoch seconds). */
export type CardActivitySource = (cardNumber: string, from: number, to: number) => Promise<ActivityPeriod[]>;

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
    .leftJoin('drivers', 'drivers.uniqueId', 'tachoDrivers.cardNumber')
    .selectAll('tachoDrivers')
    .select(['devices.name as deviceName', 'drivers.name as driverName'])
    .orderBy('tachoDrivers.surname')
    .orderBy('tachoDrivers.name')
    .orderBy('tachoDrivers.cardNumber');
  if (query.uniqueid) q = q.where('tachoDrivers.cardNumber', '=', cardKey(query.uniqueid));
  const devices = visibleIds(db, scope, 'devices');
  const drivers = visibleIds(db, scope, 'drivers');
  if (devices && drivers) {
    q = q.where((eb) =>
      eb.or([
        eb('tachoDrivers.deviceId', 'in', devices as never),
        eb(
          'tachoDrivers.cardNumber',
          'in',
          eb
            .selectFrom('drivers')
            .select('drivers.uniqueId')
            .where('drivers.id', 'in', drivers as never),
        ),
      ]),
    );
  }
  let rows = (await q.execute()).map((r) => {
    const row = driverRowOf(r);
    // a tracker that sends no names: the driver registered with the card number as its identifier
    if (!row.name && !row.surname && r.driverName) row.name = r.driverName;
    return { row, deviceName: r.deviceName ?? null };
  });
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
  );
  const cards = new Map<string, ActivityPeriod[]>();
  for (const { row } of needHistory)
    cards.set(row.cardNumber, await cardActivity(row.cardNumber, fromSec, nowSec));

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
