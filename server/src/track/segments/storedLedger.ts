/**
 * Every position this node stored while its segments job runs here: id, vehicle and fix time, in the order
 * the commits reported them. A page of the job (ids in (start, upTo]) is listed from here when the ledger
 * holds every id of it (ids are whole numbers: as many as the page is long) and the database counts as many
 * positions there: then both hold the same positions, and the database is not asked to join up each
 * vehicle's ids and times (positionList.ts), a read of every row of the page that on SQLite was the main
 * thread's (some 4 % of it at 60,000 records a second). Kept column by column in typed arrays: nothing for
 * the collector to trace.
 */
import { grown } from '@frota/core';
import type { PositionPairs } from './positionList';

export class StoredLedger {
  private id = new Float64Array(1024);
  private device = new Float64Array(1024);
  private time = new Float64Array(1024);
  private n = 0;

  /** `cap`: entries kept at most; past it the positions stored wait outside (their pages ask the database). */
  constructor(private readonly cap: number) {}

  get size(): number {
    return this.n;
  }

  add(id: number, deviceId: number, fixTime: number): void {
    if (this.n >= this.cap) return;
    if (this.n === this.id.length) {
      const capacity = Math.min(this.cap, this.n * 2);
      this.id = grown(this.id, capacity);
      this.device = grown(this.device, capacity);
      this.time = grown(this.time, capacity);
    }
    this.id[this.n] = id;
    this.device[this.n] = deviceId;
    this.time[this.n] = fixTime;
    this.n++;
  }

  /**
   * The ledger's positions with ids in (start, end], per vehicle as [id, fix time] pairs, where `end` is the
   * highest id up to `upTo` with every id from start + 1 to it here; undefined when start + 1 is not here.
   */
  listing(start: number, upTo: number): { end: number; pairs: Map<number, PositionPairs> } | undefined {
    const length = upTo - start;
    if (!(length > 0) || !this.n) return undefined;
    const here = new Uint8Array(length);
    for (let i = 0; i < this.n; i++) {
      const at = this.id[i] - start - 1;
      if (at >= 0 && at < length) here[at] = 1;
    }
    let whole = 0;
    while (whole < length && here[whole]) whole++;
    if (!whole) return undefined;
    const end = start + whole;
    const counts = new Map<number, number>();
    for (let i = 0; i < this.n; i++) {
      const id = this.id[i];
      if (id > start && id <= end) counts.set(this.device[i], (counts.get(this.device[i]) ?? 0) + 1);
    }
    const pairs = new Map<number, PositionPairs>();
    const filled = new Map<number, number>();
    for (const [deviceId, count] of counts) {
      pairs.set(deviceId, new Float64Array(count * 2));
      filled.set(deviceId, 0);
    }
    for (let i = 0; i < this.n; i++) {
      const id = this.id[i];
      if (id <= start || id > end) continue;
      const deviceId = this.device[i];
      const at = filled.get(deviceId)!;
      const out = pairs.get(deviceId)!;
      out[at] = id;
      out[at + 1] = this.time[i];
      filled.set(deviceId, at + 2);
    }
    return { end, pairs };
  }

  /** Forgets the entries with ids up to `maxId`. */
  dropUpTo(maxId: number): void {
    let kept = 0;
    for (let i = 0; i < this.n; i++) {
      if (this.id[i] <= maxId) continue;
      if (kept !== i) {
        this.id[kept] = this.id[i];
        this.device[kept] = this.device[i];
        this.time[kept] = this.time[i];
      }
      kept++;
    }
    this.n = kept;
  }

  clear(): void {
    this.n = 0;
  }
}
