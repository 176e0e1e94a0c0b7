/**
 * The positions this node stored since the segments job last read them, kept as the job would read them
 * back from the database: a pass that finds a vehicle's new positions all here runs on them instead of
 * reading them again (on SQLite that read was the main thread's, once for every stored position).
 *
 * Exactness first: an entry holds each attribute the motion needs (MOTION, MACHINE and FUEL keys) as the
 * positions table gives it back on this database (SQLite: booleans as 1/0, numbers as numbers; PostgreSQL:
 * the generated number columns as numbers, other keys as the `->>` text). A value whose stored form this
 * cannot tell for certain (text, objects, numbers printed with an exponent on PostgreSQL, a -0 coordinate)
 * keeps its record out, and the vehicle is read from the database as before. The job uses what is here
 * only when the ids match the database's own list of the vehicle's new positions (`continuation`): a
 * record stored by another node, a position deleted meanwhile, or anything evicted sends it to the
 * database too.
 */
import type { Dialect } from '../../db/database';
import { NUMERIC } from '../../db/migrations/003_positionColumns';
import { FUEL_KEYS } from '../fuelSource';
import { MACHINE_KEYS, MOTION_KEYS, type RawPosition } from '../sample';
import { after } from './codec';

/** Every attribute key a segments pass may ask for (motionKeys with the fuel keys). */
const KEYS = [...new Set([...MOTION_KEYS, ...MACHINE_KEYS, ...FUEL_KEYS])];
const KEY_INDEX = new Map(KEYS.map((k, i) => [k, i]));
/** PostgreSQL's generated columns of numbers: a value not a number is NULL there. */
const PG_NUMBER_KEYS = new Set<string>(NUMERIC);
/** Entries kept at most: past it the node starts over (each vehicle is then read once from the database). */
export const RECENT_CAP = 250_000;

const SKIP = Symbol('skip');
type Stored = unknown | typeof SKIP;

interface Entry {
  id: number;
  time: number;
  valid: boolean;
  latitude: number;
  longitude: number;
  speed: number;
  /** by KEYS index; undefined: the column is NULL */
  values: unknown[];
}

/** What a stored record brings: the positions table's columns the segments read. */
export interface StoredRecord {
  fixTime: number;
  valid: boolean;
  latitude: number;
  longitude: number;
  speed: number;
  attributes: Record<string, unknown>;
}

/** The value of `attributes[key]` as a positions read returns it on `dialect`; undefined for NULL. */
export function storedValue(dialect: Dialect, key: string, v: unknown): Stored {
  if (v === undefined || v === null) return undefined;
  const text = dialect === 'postgres' && !PG_NUMBER_KEYS.has(key);
  if (typeof v === 'boolean') {
    if (dialect === 'sqlite') return v ? 1 : 0;
    return text ? String(v) : undefined;
  }
  if (typeof v === 'number') {
    // the JSON text's value: NaN and infinities are null, -0 is 0
    if (!Number.isFinite(v)) return undefined;
    const n = v === 0 ? 0 : v;
    if (!text) return n;
    const printed = String(n);
    return printed.includes('e') ? SKIP : printed;
  }
  return SKIP;
}

const plainCoordinate = (x: number) => Number.isFinite(x) && !Object.is(x, -0);

export class RecentPositions {
  private byDevice = new Map<number, Entry[]>();
  private size = 0;
  /** fed only while this node's job ran lately (another node's job never reads this node's entries) */
  private activeUntil = 0;

  constructor(
    private readonly dialect: Dialect,
    private readonly cap = RECENT_CAP,
    private readonly now: () => number = Date.now,
  ) {}

  /** The job ran a pass here: keep recording for `ms`. */
  keepFor(ms: number): void {
    this.activeUntil = this.now() + ms;
  }

  get entries(): number {
    return this.size;
  }

  /** A committed batch: `ids[i]` is the id the database gave `records[i]`. */
  add(records: readonly (StoredRecord & { deviceId: number })[], ids: readonly number[]): void {
    if (this.now() > this.activeUntil) {
      if (this.size) this.clear();
      return;
    }
    if (this.size + records.length > this.cap) this.clear();
    for (let i = 0; i < records.length; i++) {
      const r = records[i];
      if (!plainCoordinate(r.latitude) || !plainCoordinate(r.longitude) || !plainCoordinate(r.speed)) continue;
      const values = new Array<unknown>(KEYS.length);
      let ok = true;
      for (let k = 0; k < KEYS.length; k++) {
        const v = storedValue(this.dialect, KEYS[k], r.attributes[KEYS[k]]);
        if (v === SKIP) {
          ok = false;
          break;
        }
        values[k] = v;
      }
      if (!ok) continue;
      let list = this.byDevice.get(r.deviceId);
      if (!list) this.byDevice.set(r.deviceId, (list = []));
      list.push({
        id: ids[i],
        time: r.fixTime,
        valid: r.valid,
        latitude: r.latitude,
        longitude: r.longitude,
        speed: r.speed,
        values,
      });
      this.size++;
    }
  }

  /**
   * The vehicle's positions after `from` up to id `maxId`, in (fix time, id) order, as the positions read
   * of `keys` returns them, when they are exactly those of `listed` (the database's [id, fix time] of the
   * vehicle's positions after `from`); undefined otherwise.
   */
  continuation(
    deviceId: number,
    from: { time: number; id: number },
    maxId: number,
    listed: readonly (readonly [number, number])[],
    keys: readonly string[],
  ): RawPosition[] | undefined {
    const list = this.byDevice.get(deviceId) ?? [];
    const wanted = new Map<number, number>();
    for (const [id, time] of listed) if (id <= maxId && after({ time, id }, from.time, from.id)) wanted.set(id, time);
    const picked: Entry[] = [];
    for (const e of list) {
      if (e.id > maxId || !after(e, from.time, from.id)) continue;
      if (wanted.get(e.id) !== e.time) return undefined;
      picked.push(e);
    }
    if (picked.length !== wanted.size) return undefined;
    const indexes = keys.map((k) => KEY_INDEX.get(k));
    if (indexes.some((i) => i === undefined)) return undefined;
    picked.sort((a, b) => a.time - b.time || a.id - b.id);
    return picked.map((e) => {
      const attrs: Record<string, unknown> = {};
      for (let k = 0; k < keys.length; k++) {
        const v = e.values[indexes[k]!];
        if (v !== undefined) attrs[keys[k]] = v;
      }
      return {
        id: e.id,
        fixTime: e.time,
        valid: e.valid,
        latitude: e.latitude,
        longitude: e.longitude,
        speed: e.speed,
        course: undefined,
        address: undefined,
        attrs,
      };
    });
  }

  /** Forgets the vehicle's entries up to `maxId` (the pass has brought it there). */
  consumed(deviceId: number, maxId: number): void {
    const list = this.byDevice.get(deviceId);
    if (!list) return;
    const kept = list.filter((e) => e.id > maxId);
    this.size -= list.length - kept.length;
    if (kept.length) this.byDevice.set(deviceId, kept);
    else this.byDevice.delete(deviceId);
  }

  clear(): void {
    this.byDevice.clear();
    this.size = 0;
  }
}
