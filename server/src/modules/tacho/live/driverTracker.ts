/**
 * Keeps the tachograph driver rows up to date from the records the ingestion stored (issue 20 item 1):
 * decodes the tachograph IO elements, folds them into each card's row, keeps the working states, and tells
 * the pages of users who see the vehicle that the row changed. Runs after the records are committed and
 * acknowledged, one batch after the other, so a slow write here never holds a tracker's acknowledgement.
 */
import type { Db } from '../../../db/database';
import type { LiveHub } from '../../../live/hub';
import { driverChanges, hasTachoIo, SlotCards, type DriverChange, type TachoRecord } from './driverChanges';
import { applyChanges, rowChanged, type DriverRow } from './driverRow';
import { loadLastSamples, loadRows, loadSlotCards, pruneSamples, rowKey, saveDrivers } from './driverStore';
import { samplesToStore, type LastSamples } from './stateSamples';

/** Samples older than this are pruned: the counters read four weeks back at most (see `HISTORY_MS`). */
export const KEEP_SAMPLES_MS = 35 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;

export interface StoredRecord {
  deviceId: number;
  fixTime: number;
  attributes: Record<string, unknown>;
}

export interface TrackerDeps {
  db: Db;
  live: Pick<LiveHub, 'publish'>;
  log?: { error(obj: object, msg?: string): void };
  now?: () => number;
}

export class TachoDriverTracker {
  private slots = new SlotCards();
  private slotsLoaded = new Set<number>();
  private lastSamples: LastSamples = new Map();
  private queue: Promise<void> = Promise.resolve();
  private lastPrune = 0;

  constructor(private deps: TrackerDeps) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /**
   * Takes the records of one committed batch. `plates` gives each vehicle's plate from its settings.
   * Returns at once; the work is queued behind the previous batch's.
   */
  observe(records: readonly StoredRecord[], plates: (deviceId: number) => string | null): void {
    const relevant = records.filter((r) => hasTachoIo(r.attributes));
    if (!relevant.length) return;
    const input: TachoRecord[] = relevant
      .map((r) => ({
        deviceId: r.deviceId,
        time: r.fixTime,
        attributes: r.attributes,
        plate: plates(r.deviceId),
      }))
      .sort((a, b) => a.time - b.time);
    this.queue = this.queue
      .then(() => this.apply(input))
      .catch((err: unknown) => {
        // memory may now be ahead of the database: read it again with the next batch
        this.lastSamples.clear();
        this.slotsLoaded.clear();
        this.slots = new SlotCards();
        this.deps.log?.error({ err: (err as Error).message }, 'tachograph drivers not updated');
      });
  }

  /** Resolves when every batch observed so far is written (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue;
  }

  private async apply(records: readonly TachoRecord[]): Promise<void> {
    const { db } = this.deps;
    const devices = [...new Set(records.map((r) => r.deviceId))].filter((id) => !this.slotsLoaded.has(id));
    for (const s of await loadSlotCards(db, devices)) {
      if (!this.slots.get(s.deviceId, s.slot)) this.slots.insert(s.deviceId, s.slot, s.card);
    }
    devices.forEach((id) => this.slotsLoaded.add(id));

    // a card's row is the reporting vehicle's: never looked up by the card number alone
    const byRow = new Map<string, DriverChange[]>();
    for (const record of records) {
      for (const c of driverChanges(record, this.slots)) {
        const key = rowKey(c.deviceId, c.card);
        const list = byRow.get(key);
        if (list) list.push(c);
        else byRow.set(key, [c]);
      }
    }
    if (!byRow.size) return;
    const keys = [...byRow.values()].map(([c]) => ({ deviceId: c.deviceId, card: c.card }));
    const [before] = await Promise.all([loadRows(db, keys), loadLastSamples(db, keys, this.lastSamples)]);
    const changed: DriverRow[] = [];
    for (const [key, list] of byRow) {
      const after = applyChanges(before.get(key), list);
      if (after && rowChanged(before.get(key), after)) changed.push(after);
    }
    const samples = samplesToStore([...byRow.values()].flat(), this.lastSamples);
    const now = this.now();
    await saveDrivers(db, changed, samples, now);
    if (now - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await pruneSamples(db, now - KEEP_SAMPLES_MS);
    }
    const announced = changed.filter((r) => r.deviceId !== null);
    if (announced.length)
      this.deps.live.publish({
        changed: announced.map((r) => ({ kind: 'tachoDrivers', id: r.cardNumber, deviceId: r.deviceId! })),
      });
  }
}

/** A vehicle's plate from its settings (attribute license_plate), or null. */
export function vehiclePlate(attributes: Readonly<Record<string, unknown>> | undefined): string | null {
  const plate = attributes?.license_plate;
  return typeof plate === 'string' && plate.trim() ? plate.trim() : null;
}
