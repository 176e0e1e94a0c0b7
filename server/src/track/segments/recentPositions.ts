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
 * database too. The entries are kept column by column in typed arrays: nothing for the collector to trace
 * or move while they wait for the next pass (objects per entry doubled the collector's time).
 */
import { grown } from '@frota/core';
import type { Dialect } from '../../db/database';
import { NUMERIC } from '../../db/migrations/003_positionColumns';
import { FUEL_KEYS } from '../fuelSource';
import { MACHINE_KEYS, MOTION_KEYS, type RawPosition } from '../sample';
import { after } from './codec';
import type { PositionPairs } from './positionList';
import { StoredLedger } from './storedLedger';

/** Every attribute key a segments pass may ask for (motionKeys with the fuel keys). */
const KEYS = [...new Set([...MOTION_KEYS, ...MACHINE_KEYS, ...FUEL_KEYS])];
/**
 * A record's values of KEYS, in their order, read by name: read through `attributes[KEYS[k]]`, eight names
 * at one place made it a slow generic lookup each (a third of a microsecond a record).
 */
function readKeys(a: Record<string, unknown>, out: unknown[]): void {
  out[0] = a.ignition;
  out[1] = a.motion;
  out[2] = a.totalDistance;
  out[3] = a.hours;
  out[4] = a.power;
  out[5] = a.rpm;
  out[6] = a.fuel;
  out[7] = a.adc1;
}
const READ_KEYS = 'ignition,motion,totalDistance,hours,power,rpm,fuel,adc1';
if (KEYS.join() !== READ_KEYS)
  throw new Error(`recentPositions: readKeys reads ${READ_KEYS}, not ${KEYS.join()}`);
const KEY_INDEX = new Map(KEYS.map((k, i) => [k, i]));
/** PostgreSQL's generated columns of numbers: a value not a number is NULL there. */
const PG_NUMBER_KEYS = new Set<string>(NUMERIC);
/**
 * Entries kept at most: past it new records wait outside (a vehicle missing one is read from the database
 * for that page), and the entries kept go on serving the pages that list them, oldest first. An entry takes
 * some 110 bytes (and 24 in the ledger of ids); the cap holds what comes between two runs of the job (10 s
 * apart, and a run takes a few seconds) at 60,000 records a second, the ingest bench's rate on a fast
 * machine: at 500,000 the runs started with more than that stored, and every vehicle of one page in five was
 * read back (at 250,000 and 45,000 records a second, every second page).
 */
export const RECENT_CAP = 1_000_000;

/** How a value is kept: NULL, a number, a boolean (as 1 or 0); SKIP keeps the record out. */
const NULL = 0;
const NUMBER = 1;
const BOOLEAN = 2;
const SKIP = -1;

/** What a stored record brings: the positions table's columns the segments read. */
export interface StoredRecord {
  deviceId: number;
  fixTime: number;
  valid: boolean;
  latitude: number;
  longitude: number;
  speed: number;
  attributes: Record<string, unknown>;
}

/** Is `key` read back as `->>` text on PostgreSQL (not one of the generated number columns)? */
const pgText = (key: string) => !PG_NUMBER_KEYS.has(key);

function kindOf(dialect: Dialect, key: string, v: unknown): number {
  if (v === undefined || v === null) return NULL;
  if (typeof v === 'boolean') return BOOLEAN;
  if (typeof v !== 'number') return SKIP;
  // the JSON text's value: NaN and infinities are null
  if (!Number.isFinite(v)) return NULL;
  return dialect === 'postgres' && pgText(key) && String(v).includes('e') ? SKIP : NUMBER;
}

/** The value as a positions read returns it on `dialect`; undefined for NULL. */
function storedForm(dialect: Dialect, key: string, kind: number, value: number): unknown {
  if (kind === NULL) return undefined;
  if (dialect === 'sqlite') return value;
  if (!pgText(key)) return kind === NUMBER ? value : undefined;
  return kind === BOOLEAN ? String(value === 1) : String(value);
}

const plainCoordinate = (x: number) => Number.isFinite(x) && !Object.is(x, -0);

/** One vehicle's entries, column by column, in the order they were stored. */
class Columns {
  n = 0;
  /** nothing came for the vehicle since the last pass */
  idle = false;
  id: Float64Array;
  time: Float64Array;
  latitude: Float64Array;
  longitude: Float64Array;
  speed: Float64Array;
  valid: Uint8Array;
  /** KEYS.length per entry */
  values: Float64Array;
  kinds: Int8Array;

  constructor(private capacity = 64) {
    this.id = new Float64Array(capacity);
    this.time = new Float64Array(capacity);
    this.latitude = new Float64Array(capacity);
    this.longitude = new Float64Array(capacity);
    this.speed = new Float64Array(capacity);
    this.valid = new Uint8Array(capacity);
    this.values = new Float64Array(capacity * KEYS.length);
    this.kinds = new Int8Array(capacity * KEYS.length);
  }

  /** Room for one more entry (doubling); its index. */
  next(): number {
    if (this.n === this.capacity) {
      const n = (this.capacity *= 2);
      this.id = grown(this.id, n);
      this.time = grown(this.time, n);
      this.latitude = grown(this.latitude, n);
      this.longitude = grown(this.longitude, n);
      this.speed = grown(this.speed, n);
      this.valid = grown(this.valid, n);
      this.values = grown(this.values, n * KEYS.length);
      this.kinds = grown(this.kinds, n * KEYS.length);
    }
    return this.n;
  }

  /** Keeps only the entries past `maxId`; answers how many went. */
  dropUpTo(maxId: number): number {
    const K = KEYS.length;
    let kept = 0;
    for (let i = 0; i < this.n; i++) {
      if (this.id[i] <= maxId) continue;
      if (kept !== i) {
        this.id[kept] = this.id[i];
        this.time[kept] = this.time[i];
        this.latitude[kept] = this.latitude[i];
        this.longitude[kept] = this.longitude[i];
        this.speed[kept] = this.speed[i];
        this.valid[kept] = this.valid[i];
        this.values.copyWithin(kept * K, i * K, (i + 1) * K);
        this.kinds.copyWithin(kept * K, i * K, (i + 1) * K);
      }
      kept++;
    }
    const gone = this.n - kept;
    this.n = kept;
    return gone;
  }
}

export class RecentPositions {
  private byDevice = new Map<number, Columns>();
  private size = 0;
  /** fed only while this node's job ran lately (another node's job never reads this node's entries) */
  private activeUntil = 0;
  /** one record's values of KEYS */
  private readonly read: unknown[] = new Array<unknown>(KEYS.length).fill(undefined);
  /** every record's id, vehicle and fix time, kept or not: the pages' listing (storedLedger.ts) */
  private readonly ledger: StoredLedger;

  constructor(
    private readonly dialect: Dialect,
    private readonly cap = RECENT_CAP,
    private readonly now: () => number = Date.now,
  ) {
    this.ledger = new StoredLedger(cap);
  }

  /** The job ran a pass here: keep recording for `ms`. */
  keepFor(ms: number): void {
    this.activeUntil = this.now() + ms;
  }

  get entries(): number {
    return this.size;
  }

  /** A committed batch: `ids[i]` is the id the database gave `records[i]`. */
  add(records: readonly StoredRecord[], ids: readonly number[]): void {
    if (this.now() > this.activeUntil) {
      if (this.size || this.ledger.size) this.clear();
      return;
    }
    for (let i = 0; i < records.length; i++) this.ledger.add(ids[i], records[i].deviceId, records[i].fixTime);
    const K = KEYS.length;
    const read = this.read;
    for (let i = 0; i < records.length && this.size < this.cap; i++) {
      const r = records[i];
      if (!plainCoordinate(r.latitude) || !plainCoordinate(r.longitude) || !plainCoordinate(r.speed))
        continue;
      readKeys(r.attributes, read);
      let c = this.byDevice.get(r.deviceId);
      if (!c) this.byDevice.set(r.deviceId, (c = new Columns()));
      // written in the next entry's room, which counts only once every value is known to be kept
      const at = c.next();
      let ok = true;
      for (let k = 0, slot = at * K; k < K; k++, slot++) {
        const v = read[k];
        const kind = kindOf(this.dialect, KEYS[k], v);
        if (kind === SKIP) {
          ok = false;
          break;
        }
        c.kinds[slot] = kind;
        // -0 is 0 in the JSON text
        c.values[slot] = kind === NUMBER ? (v as number) + 0 : kind === BOOLEAN ? Number(v) : 0;
      }
      if (!ok) continue;
      c.id[at] = ids[i];
      c.time[at] = r.fixTime;
      c.latitude[at] = r.latitude;
      c.longitude[at] = r.longitude;
      c.speed[at] = r.speed;
      c.valid[at] = r.valid ? 1 : 0;
      c.idle = false;
      c.n++;
      this.size++;
    }
  }

  /**
   * The vehicle's positions after `from` up to id `maxId`, in (fix time, id) order, as the positions read
   * of `keys` returns them, when they are exactly those of `listed` (the database's listing of the
   * vehicle's positions, as [id, fix time] pairs, positionList.ts); undefined otherwise.
   */
  continuation(
    deviceId: number,
    from: { time: number; id: number },
    maxId: number,
    listed: PositionPairs,
    keys: readonly string[],
  ): RawPosition[] | undefined {
    const indexes = keys.map((k) => KEY_INDEX.get(k));
    if (indexes.some((i) => i === undefined)) return undefined;
    const wanted = new Map<number, number>();
    for (let i = 0; i < listed.length; i += 2) {
      const id = listed[i];
      const time = listed[i + 1];
      if (id <= maxId && after({ time, id }, from.time, from.id)) wanted.set(id, time);
    }
    const c = this.byDevice.get(deviceId);
    const picked: number[] = [];
    for (let i = 0; c && i < c.n; i++) {
      const id = c.id[i];
      const time = c.time[i];
      if (id > maxId || !after({ time, id }, from.time, from.id)) continue;
      if (wanted.get(id) !== time) return undefined;
      picked.push(i);
    }
    if (picked.length !== wanted.size) return undefined;
    if (!c) return [];
    picked.sort((a, b) => c.time[a] - c.time[b] || c.id[a] - c.id[b]);
    const K = KEYS.length;
    return picked.map((i) => {
      const attrs: Record<string, unknown> = {};
      for (let k = 0; k < keys.length; k++) {
        const at = i * K + indexes[k]!;
        const v = storedForm(this.dialect, keys[k], c.kinds[at], c.values[at]);
        if (v !== undefined) attrs[keys[k]] = v;
      }
      return {
        id: c.id[i],
        fixTime: c.time[i],
        valid: c.valid[i] === 1,
        latitude: c.latitude[i],
        longitude: c.longitude[i],
        speed: c.speed[i],
        course: undefined,
        address: undefined,
        attrs,
      };
    });
  }

  /** Forgets the vehicle's entries up to `maxId` (the pass has brought it there). */
  consumed(deviceId: number, maxId: number): void {
    const c = this.byDevice.get(deviceId);
    if (c) this.size -= c.dropUpTo(maxId);
  }

  /**
   * Forgets every entry up to `maxId`: a pass ended there (entries of positions deleted since, say), and
   * the ledger's up to `ledgerFrom`, where the next page starts (PostgreSQL's start before the watermark). A
   * vehicle's room stays for its records until the next pass (grown again each time, it cost a fifth of
   * the keeping), and goes when nothing came for it since the pass before.
   */
  passed(maxId: number, ledgerFrom = maxId): void {
    this.ledger.dropUpTo(ledgerFrom);
    for (const [deviceId, c] of this.byDevice) {
      this.size -= c.dropUpTo(maxId);
      if (c.n) continue;
      if (c.idle) this.byDevice.delete(deviceId);
      else c.idle = true;
    }
  }

  /**
   * The page of ids (start, upTo] as this node stored it, up to where it stored every id (`end`), per
   * vehicle as [id, fix time] pairs; undefined when it did not store start + 1. It is the page's listing
   * only if the database holds as many positions up to `end` (the job counts them).
   */
  listing(start: number, upTo: number): { end: number; pairs: Map<number, PositionPairs> } | undefined {
    return this.ledger.listing(start, upTo);
  }

  /** vehicles given room (tests) */
  get vehicles(): number {
    return this.byDevice.size;
  }

  clear(): void {
    this.byDevice.clear();
    this.size = 0;
    this.ledger.clear();
  }
}
