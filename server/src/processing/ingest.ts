/**
 * The ingestion service: implements the listeners' IngestSink. Loads per-device state once, runs each
 * record through the pipeline in order, commits through the batch writer, and only then answers (so the
 * listener acknowledges the device), broadcasts to the live hub and hands events to the notifier.
 */
import type { Db } from '../db/database';
import { parseJson, toBool } from '../db/mapping';
import type { LiveHub } from '../live/hub';
import type { DecodedPosition, IngestSink } from '../protocols/types';
import { deviceJson, eventJson, positionJson } from '../db/rows';
import { BatchWriter, type WriteRequest } from './batchWriter';
import { commandDelivered, pendingCommands, type PendingCommand } from './pendingCommands';
import type { DeviceState } from './deviceState';
import { processRecord } from './pipeline';
import { stageTimes } from './stageTimes';
import type { EventContext, ProcessedPosition, StoredEvent } from './types';
import { ZoneIndex } from './zoneIndex';
import { ComputedDirectory } from './computed/computedDirectory';
import { DriverCards, type CardRead } from './driverDirectory';

export interface Notifier {
  handle(contexts: EventContext[]): void;
}

export interface IngestDeps {
  db: Db;
  live: LiveHub;
  notifier?: Notifier;
  address?: (latitude: number, longitude: number) => string | null;
  roadLimit?: (latitude: number, longitude: number) => number | undefined;
  log?: { error(obj: object, msg?: string): void; warn?(obj: object, msg?: string): void };
  now?: () => number;
  /** unknown ids remembered at most (default 10,000) */
  maxUnknown?: number;
  /** told of each committed batch, with the vehicles' states after it and the records' ids (modules) */
  onStored?: (
    positions: readonly ProcessedPosition[],
    devices: ReadonlyMap<number, DeviceState>,
    positionIds: readonly number[],
  ) => void;
}

const UNKNOWN_TTL_MS = 30_000;
/** A failing computed attribute is logged at most once a minute (it may fail on every record). */
const COMPUTED_LOG_INTERVAL_MS = 60_000;
/** Random ids (scanners, garbage) must not grow memory without end: the oldest are forgotten first. */
const MAX_UNKNOWN = 10_000;
/** Longer than the uniqueId column holds: never a device, not worth a query nor a cache entry. */
const MAX_UNIQUE_ID_LENGTH = 128;

export class Ingest implements IngestSink {
  readonly writer: BatchWriter;
  /** decoded records handed over by the listeners (metrics: records in) */
  readonly stats = { received: 0 };
  private states = new Map<string, Promise<DeviceState | undefined>>();
  private unknown = new Map<string, number>();
  private zones: Promise<ZoneIndex> | undefined;
  /** drivers by card, per vehicle (issue 33: a card names only a driver of the vehicle's own client) */
  private drivers: DriverCards;
  private computed: Promise<ComputedDirectory> | undefined;
  private computedLogged = new Map<number, number>();

  constructor(private deps: IngestDeps) {
    this.writer = new BatchWriter(deps.db);
    this.drivers = new DriverCards(deps.db, (err) =>
      deps.log?.error({ err: err.message }, 'driver card look-up failed'),
    );
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** Forget cached zones, drivers and device rows (after changes through the API). */
  invalidate(kind?: string): void {
    if (!kind || kind === 'geofences' || kind === 'links' || kind === 'groups' || kind === 'devices')
      this.zones = undefined;
    // who a card names depends on the drivers, their links and who sees which vehicle
    if (!kind || ['drivers', 'links', 'devices', 'groups', 'users'].includes(kind)) this.drivers.invalidate();
    // computed attributes and their links change with 'links' (issue 23)
    if (!kind || kind === 'links' || kind === 'groups' || kind === 'devices') this.computed = undefined;
    if (!kind || kind === 'devices' || kind === 'groups') {
      this.states.clear();
      this.unknown.clear();
    }
  }

  private loadedZones: ZoneIndex | undefined;

  private zoneName(id: number): string | undefined {
    return this.loadedZones?.zones.get(id)?.name;
  }

  private zoneIndex(): Promise<ZoneIndex> {
    return (this.zones ??= ZoneIndex.load(this.deps.db).then((z) => (this.loadedZones = z)));
  }

  /** The cards the batch reads on each vehicle: in its records, and the one carried from the last record. */
  private async cardReads(decoded: DecodedPosition[]): Promise<CardRead[]> {
    const reads: CardRead[] = [];
    const ids = new Map<string, number>();
    for (const uniqueId of new Set(decoded.map((d) => d.uniqueId))) {
      const state = await this.loadState(uniqueId);
      if (!state) continue;
      ids.set(uniqueId, state.id);
      const carried = state.last?.attributes.driverUniqueId;
      if (typeof carried === 'string' && carried) reads.push({ deviceId: state.id, card: carried });
    }
    for (const d of decoded) {
      const card = d.attributes.driverUniqueId;
      const deviceId = ids.get(d.uniqueId);
      if (typeof card !== 'string' || !card || deviceId === undefined) continue;
      // a card reader repeats its card in every record of a frame: one read of it is enough
      const last = reads[reads.length - 1];
      if (last?.deviceId !== deviceId || last.card !== card) reads.push({ deviceId, card });
    }
    return reads;
  }

  private computedDirectory(): Promise<ComputedDirectory> {
    const p = (this.computed ??= ComputedDirectory.load(this.deps.db, (id, message) =>
      this.computedFailed(id, message),
    ));
    p.catch(() => this.computed === p && (this.computed = undefined));
    return p;
  }

  /** The attribute id and the evaluator's message only: never the position's values. */
  private computedFailed(attributeId: number, message: string): void {
    const now = this.now();
    if ((this.computedLogged.get(attributeId) ?? 0) > now) return;
    this.computedLogged.set(attributeId, now + COMPUTED_LOG_INTERVAL_MS);
    const log = this.deps.log;
    (log?.warn ?? log?.error)?.call(log, { attributeId, err: message }, 'computed attribute failed');
  }

  private loadState(uniqueId: string): Promise<DeviceState | undefined> {
    let p = this.states.get(uniqueId);
    if (!p) {
      p = this.readState(uniqueId);
      this.states.set(uniqueId, p);
      p.then(
        (s) => !s && this.states.delete(uniqueId),
        () => this.states.delete(uniqueId),
      );
    }
    return p;
  }

  private async readState(uniqueId: string): Promise<DeviceState | undefined> {
    const k = this.deps.db.kysely;
    const d = await k.selectFrom('devices').selectAll().where('uniqueId', '=', uniqueId).executeTakeFirst();
    if (!d) return undefined;
    const last = d.positionId
      ? await k.selectFrom('positions').selectAll().where('id', '=', Number(d.positionId)).executeTakeFirst()
      : undefined;
    const lastAttrs = last ? parseJson(last.attributes) : {};
    return {
      id: Number(d.id),
      uniqueId: d.uniqueId,
      name: d.name,
      groupId: d.groupId == null ? null : Number(d.groupId),
      disabled: toBool(d.disabled),
      attributes: parseJson(d.attributes),
      status: d.status,
      lastUpdate: d.lastUpdate == null ? null : Number(d.lastUpdate),
      last: last
        ? {
            fixTime: Number(last.fixTime),
            latitude: Number(last.latitude),
            longitude: Number(last.longitude),
            speed: Number(last.speed),
            valid: toBool(last.valid),
            attributes: lastAttrs,
          }
        : null,
      geofenceIds: Array.isArray(lastAttrs.geofenceIds) ? (lastAttrs.geofenceIds as number[]) : [],
      overspeedSince: null,
      overspeedReported: false,
      lastCard:
        typeof lastAttrs.driverUniqueId === 'string' && lastAttrs.driverUniqueId
          ? lastAttrs.driverUniqueId
          : null,
    };
  }

  async isKnownDevice(uniqueId: string): Promise<boolean> {
    if (uniqueId.length > MAX_UNIQUE_ID_LENGTH) return false;
    const until = this.unknown.get(uniqueId);
    if (until !== undefined) {
      if (until > this.now()) return false;
      this.unknown.delete(uniqueId);
    }
    const state = await this.loadState(uniqueId);
    if (!state) this.rememberUnknown(uniqueId);
    return Boolean(state && !state.disabled);
  }

  private rememberUnknown(uniqueId: string): void {
    this.unknown.delete(uniqueId);
    this.unknown.set(uniqueId, this.now() + UNKNOWN_TTL_MS);
    const max = this.deps.maxUnknown ?? MAX_UNKNOWN;
    // one TTL for all: insertion order is expiry order
    for (const oldest of this.unknown.keys()) {
      if (this.unknown.size <= max) break;
      this.unknown.delete(oldest);
    }
  }

  /** Entries held per device id: loaded devices, and ids recently found unknown (bounded). */
  cacheSizes(): { devices: number; unknown: number } {
    return { devices: this.states.size, unknown: this.unknown.size };
  }

  async pendingCommands(uniqueId: string): Promise<PendingCommand[]> {
    const state = await this.loadState(uniqueId);
    return state ? pendingCommands(this.deps.db, state.id) : [];
  }

  commandDelivered(id: number): Promise<void> {
    return commandDelivered(this.deps.db, id);
  }

  /** Marks devices offline in memory (the offline job changed them in the database). */
  markOffline(deviceIds: number[]): void {
    const ids = new Set(deviceIds);
    for (const [uid, p] of this.states) {
      p.then((s) => {
        if (s && ids.has(s.id)) this.states.set(uid, Promise.resolve({ ...s, status: 'offline' }));
      });
    }
  }

  async store(decoded: DecodedPosition[]): Promise<void> {
    if (!decoded.length) return;
    this.stats.received += decoded.length;
    if (stageTimes.on) stageTimes.count(decoded.length);
    const reads = await this.cardReads(decoded);
    const [zones, drivers, computed] = await Promise.all([
      this.zoneIndex(),
      this.drivers.forReads(reads),
      this.computedDirectory(),
    ]);
    const now = this.now();
    const request: WriteRequest = { positions: [], events: [], devices: [] };
    const touched = new Map<number, { uniqueId: string; before: DeviceState; after: DeviceState }>();
    const ctx = {
      now,
      zones,
      drivers,
      address: this.deps.address,
      roadLimit: this.deps.roadLimit,
      computed: computed.size
        ? (id: number, group: number | null) => computed.forDevice(id, group)
        : undefined,
      computedError: (id: number, message: string) => this.computedFailed(id, message),
    };
    // the state each device is at within this call: loaded once, then carried from record to record
    const current = new Map<string, { before: DeviceState; state: DeviceState }>();
    for (const d of decoded) {
      let device = current.get(d.uniqueId);
      if (!device) {
        const loaded = await this.loadState(d.uniqueId);
        if (!loaded || loaded.disabled) throw new Error(`unknown or disabled device ${d.uniqueId}`);
        device = { before: loaded, state: loaded };
        current.set(d.uniqueId, device);
      }
      const state = device.state;
      const result = processRecord(state, d, ctx);
      if (!result.position) continue;
      const index = request.positions.push(result.position) - 1;
      for (const draft of result.events)
        request.events.push({ deviceId: state.id, positionIndex: index, draft });
      if (!result.position.outdated) {
        const existing = request.devices.find((x) => x.id === state.id);
        if (existing) existing.positionIndex = index;
        else request.devices.push({ id: state.id, positionIndex: index, lastUpdate: now });
      }
      device.state = result.next;
      touched.set(state.id, { uniqueId: d.uniqueId, before: device.before, after: result.next });
    }
    // no await since the states were loaded: nothing else ran in between, so adopting them here is
    // the same as adopting them record by record
    for (const t of touched.values()) this.states.set(t.uniqueId, Promise.resolve(t.after));
    if (!request.positions.length) return;
    let written;
    try {
      written = await this.writer.write(request);
    } catch (err) {
      // Nothing was committed: forget the optimistic state so the resent records are processed afresh.
      for (const t of touched.values()) this.states.delete(t.uniqueId);
      throw err;
    }
    // the commit's own time is counted by the writer ('write'); from here on the work is synchronous
    const clock = stageTimes.on ? stageTimes.clock() : null;
    this.publish(request, written.positionIds, written.events, touched);
    clock?.lap('publish');
    if (this.deps.onStored) {
      const devices = new Map([...touched].map(([id, t]) => [id, t.after]));
      try {
        this.deps.onStored(request.positions, devices, written.positionIds);
      } catch (err) {
        this.deps.log?.error({ err: (err as Error).message }, 'stored-records observer failed');
      }
      clock?.lap('modules');
    }
  }

  private publish(
    request: WriteRequest,
    positionIds: number[],
    events: StoredEvent[],
    touched: Map<number, { before: DeviceState; after: DeviceState }>,
  ) {
    const positions = request.devices.map((d) =>
      positionJson({ ...request.positions[d.positionIndex], id: positionIds[d.positionIndex] }),
    );
    const latestId = (id: number) => {
      const d = request.devices.find((x) => x.id === id);
      return d ? positionIds[d.positionIndex] : null;
    };
    const devices = [...touched.values()]
      .filter((t) => t.before.status !== 'online')
      .map((t) => deviceJson({ ...stateRow(t.after), positionId: latestId(t.after.id) }));
    this.deps.live.publish({
      positions,
      events: events.map((e) => eventJson(e)),
      devices,
    });
    if (this.deps.notifier && events.length) {
      const byId = new Map(request.positions.map((p, i) => [positionIds[i], p]));
      const contexts: EventContext[] = events.map((event) => {
        const t = touched.get(event.deviceId)!;
        const p = event.positionId ? byId.get(event.positionId) : undefined;
        const zone = event.geofenceId ? this.zoneName(event.geofenceId) : undefined;
        return {
          event,
          geofence: zone ? { id: event.geofenceId!, name: zone } : null,
          device: {
            id: t.after.id,
            name: t.after.name,
            uniqueId: t.after.uniqueId,
            attributes: t.after.attributes,
          },
          position: p
            ? {
                latitude: p.latitude,
                longitude: p.longitude,
                speed: p.speed,
                fixTime: p.fixTime,
                address: p.address,
                attributes: p.attributes,
              }
            : null,
        };
      });
      try {
        this.deps.notifier.handle(contexts);
      } catch (err) {
        this.deps.log?.error({ err: (err as Error).message }, 'notifier failed');
      }
    }
  }
}

function stateRow(s: DeviceState): Record<string, unknown> {
  return {
    id: s.id,
    name: s.name,
    uniqueId: s.uniqueId,
    status: s.status,
    disabled: s.disabled,
    lastUpdate: s.lastUpdate,
    positionId: null,
    groupId: s.groupId,
    attributes: s.attributes,
  };
}
