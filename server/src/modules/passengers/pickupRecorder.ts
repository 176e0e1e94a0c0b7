/**
 * Stores the passenger pickups of each committed batch (issue 22 item 2): the records the pipeline marked
 * `passengerPickup` (a fresh card read on a vehicle with `has_passengers`, see processing/stages/passengers)
 * become `passenger_pickups` rows, matched to the passenger holding the card in the vehicle's scope (none:
 * kept by card number).
 * Runs after the records are committed and acknowledged, one batch after the other, like the tachograph
 * driver tracker; the unique (vehicle, card, time) makes a resent record a no-op.
 */
import { normaliseCardId } from '@frota/core';
import type { Db } from '../../db/database';
import { PASSENGER_CARD, PASSENGER_PICKUP } from '../../processing/stages/passengers';
import { cardHolders } from './cardHolders';

export interface StoredRecord {
  deviceId: number;
  fixTime: number;
  latitude: number;
  longitude: number;
  address: string | null;
  attributes: Record<string, unknown>;
}

interface PickupRow {
  deviceId: number;
  cardId: string;
  time: number;
  latitude: number;
  longitude: number;
  address: string | null;
}

/** The pickups among a batch's records. */
export function pickupsOf(records: readonly StoredRecord[]): PickupRow[] {
  const out: PickupRow[] = [];
  for (const r of records) {
    const card = r.attributes[PASSENGER_CARD];
    if (r.attributes[PASSENGER_PICKUP] !== true || typeof card !== 'string' || !card.trim()) continue;
    out.push({
      deviceId: r.deviceId,
      cardId: normaliseCardId(card),
      time: r.fixTime,
      latitude: r.latitude,
      longitude: r.longitude,
      address: r.address,
    });
  }
  return out;
}

/** A read names the passenger of that card in the vehicle's scope (`cardHolders`), never another client's. */
export async function savePickups(db: Db, pickups: readonly PickupRow[]): Promise<void> {
  if (!pickups.length) return;
  const holders = await cardHolders(db, pickups);
  await db.kysely
    .insertInto('passengerPickups')
    .values(pickups.map((p) => ({ ...p, passengerId: holders.get(`${p.deviceId}|${p.cardId}`) ?? null })))
    .onConflict((oc) => oc.columns(['deviceId', 'cardId', 'time']).doNothing())
    .execute();
}

export class PassengerPickupRecorder {
  private queue: Promise<void> = Promise.resolve();

  constructor(private deps: { db: Db; log?: { error(obj: object, msg?: string): void } }) {}

  /** Takes the records of one committed batch; returns at once, the write queued behind the last one. */
  observe(records: readonly StoredRecord[]): void {
    const pickups = pickupsOf(records);
    if (!pickups.length) return;
    this.queue = this.queue
      .then(() => savePickups(this.deps.db, pickups))
      .catch((err: unknown) =>
        this.deps.log?.error({ err: (err as Error).message }, 'passenger pickups not stored'),
      );
  }

  /** Resolves when every batch observed so far is written (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue;
  }
}
