/**
 * WebSocket hub: each connection belongs to a user and receives only the devices that user may see.
 * Messages are coalesced per connection and every connection with something pending is flushed at once
 * (at most one message per FLUSH_MS per socket); connections whose pending items are the same ones, in the
 * same order (the users who see the same vehicles), share one JSON text per flush, serialized once.
 */
import type { WebSocket } from 'ws';
import type { Db } from '../db/database';
import { blankPosition, type LiveMessage as CoreLiveMessage, type PositionJson } from '@frota/core';
import { scopeFor, visibleIds, type Scope } from '../auth/policy';
import { PrivacyFilter, privateDeviceIds, seesPrivate } from '../auth/privacy';
import type { User } from '../db/rows';

/** The socket's message (core's LiveMessage): modules announce their rows as `changed` items. */
export type LiveMessage = CoreLiveMessage<{ id: number } & Record<string, unknown>, PositionJson>;

interface Connection {
  socket: WebSocket;
  user: User;
  deviceIds: Set<number> | 'all';
  pending: Required<LiveMessage>;
}

const FLUSH_MS = 50;

/** The parts of a message, in the order a flush writes them. */
const PARTS = ['devices', 'positions', 'events', 'eventStatuses', 'changed'] as const satisfies ReadonlyArray<
  keyof LiveMessage
>;

const nothingPending = (): Required<LiveMessage> => ({
  devices: [],
  positions: [],
  events: [],
  eventStatuses: [],
  changed: [],
});

type LivePosition = NonNullable<LiveMessage['positions']>[number];

export class LiveHub {
  private connections = new Set<Connection>();
  /** vehicles marked private: their positions reach only users who see private positions */
  /** the privacy rule for users who may not see private positions (vehicles marked private loaded) */
  private privacy: PrivacyFilter | undefined;

  /** connections with something pending, flushed together by one timer */
  private dirty = new Set<Connection>();
  private timer: NodeJS.Timeout | undefined;
  private lastFlush = 0;
  /** a number per item object delivered: the key of a pending list is its items' numbers */
  private itemIds = new WeakMap<object, number>();
  private nextItemId = 0;

  /**
   * socket messages and positions sent to browsers (metrics: records out), and the JSON texts serialized
   * for them (one per distinct payload per flush)
   */
  readonly stats = { messages: 0, positions: 0, serialized: 0 };

  constructor(private db: Db) {}

  get size(): number {
    return this.connections.size;
  }

  private async visibleDevices(scope: Scope): Promise<Set<number> | 'all'> {
    const sub = visibleIds(this.db, scope, 'devices');
    if (!sub) return 'all';
    return new Set((await sub.execute()).map((r) => Number(r.id)));
  }

  /** Reads again which vehicles are private (after a vehicle is saved, here or on another node). */
  async reloadPrivacy(): Promise<void> {
    this.privacy = new PrivacyFilter(true, await privateDeviceIds(this.db));
  }

  async register(socket: WebSocket, scope: Scope): Promise<void> {
    if (!this.privacy) await this.reloadPrivacy();
    const conn: Connection = {
      socket,
      user: scope.user,
      deviceIds: await this.visibleDevices(scope),
      pending: nothingPending(),
    };
    this.connections.add(conn);
    socket.on('close', () => {
      this.dirty.delete(conn);
      this.connections.delete(conn);
    });
  }

  /** Recomputes what every connection may see (after permission or group changes). */
  async refreshScopes(): Promise<void> {
    for (const conn of this.connections) {
      conn.deviceIds = await this.visibleDevices(await scopeFor(this.db, conn.user));
    }
  }

  private bus: { publishLive(message: LiveMessage): void } | undefined;

  /** Sends every local publication to the other nodes too. */
  attachBus(bus: { publishLive(message: LiveMessage): void }): void {
    this.bus = bus;
  }

  /** Delivers to this node's sockets and, with a bus, to the other nodes' sockets. */
  publish(message: LiveMessage): void {
    this.deliver(message);
    this.bus?.publishLive(message);
  }

  /** Delivers to this node's sockets only (messages that came from another node). */
  deliver(message: LiveMessage): void {
    let blanked: Map<LivePosition, LivePosition> | undefined;
    const hidden = (p: LivePosition): LivePosition => {
      blanked ??= new Map(
        (message.positions ?? []).filter((q) => this.isPrivate(q)).map((q) => [q, blankPosition(q)]),
      );
      return blanked.get(p) ?? p;
    };
    for (const conn of this.connections) {
      const sees = (deviceId: number) => conn.deviceIds === 'all' || conn.deviceIds.has(deviceId);
      const devices = (message.devices ?? []).filter((d) => sees(d.id));
      let positions = (message.positions ?? []).filter((p) => sees(p.deviceId));
      if (!seesPrivate(conn.user)) positions = positions.map(hidden);
      let events = (message.events ?? []).filter((e) => sees(e.deviceId));
      if (!seesPrivate(conn.user)) events = events.map((e) => this.privacy?.event(e) ?? e);
      const eventStatuses = (message.eventStatuses ?? []).filter((e) => sees(e.deviceId));
      const changed = (message.changed ?? []).filter((r) => sees(r.deviceId));
      conn.pending.devices.push(...devices);
      conn.pending.positions.push(...positions);
      conn.pending.events.push(...events);
      conn.pending.eventStatuses.push(...eventStatuses);
      conn.pending.changed.push(...changed);
      const added =
        devices.length + positions.length + events.length + eventStatuses.length + changed.length > 0;
      if (added) this.dirty.add(conn);
    }
    // At most one flush per FLUSH_MS, but no wait when the last one is older than that.
    if (this.dirty.size && !this.timer)
      this.timer = setTimeout(() => this.flush(), Math.max(0, FLUSH_MS - (Date.now() - this.lastFlush)));
  }

  private isPrivate(p: LivePosition): boolean {
    return !!this.privacy?.hides(p.deviceId, p.attributes as Record<string, unknown> | undefined);
  }

  /** Sends every pending message; one JSON text per distinct payload. */
  private flush(): void {
    this.timer = undefined;
    this.lastFlush = Date.now();
    const connections = [...this.dirty];
    this.dirty.clear();
    const texts = new Map<string, string>();
    for (const conn of connections) {
      const { pending } = conn;
      const out: LiveMessage = {};
      if (pending.devices.length) out.devices = pending.devices;
      if (pending.positions.length) out.positions = pending.positions;
      if (pending.events.length) out.events = pending.events;
      if (pending.eventStatuses.length) out.eventStatuses = pending.eventStatuses;
      if (pending.changed.length) out.changed = pending.changed;
      conn.pending = nothingPending();
      if (conn.socket.readyState !== conn.socket.OPEN) continue;
      const key = this.keyOf(out);
      let text = texts.get(key);
      if (text === undefined) {
        text = JSON.stringify(out);
        texts.set(key, text);
        this.stats.serialized++;
      }
      conn.socket.send(text);
      this.stats.messages++;
      this.stats.positions += out.positions?.length ?? 0;
    }
  }

  /**
   * Names the exact payload: each part's items by identity, in order. Every connection's lists hold the
   * objects of the published messages (or the one blanked copy of a private position), so users who see
   * the same items get the same key, and a key names one JSON text.
   */
  private keyOf(out: LiveMessage): string {
    let key = '';
    for (const part of PARTS) {
      const items = out[part];
      if (!items) continue;
      key += `${part}:`;
      for (const item of items) {
        let id = this.itemIds.get(item);
        if (id === undefined) this.itemIds.set(item, (id = ++this.nextItemId));
        key += `${id},`;
      }
    }
    return key;
  }

  closeAll(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.dirty.clear();
    for (const conn of this.connections) conn.socket.close(1001, 'server shutting down');
  }
}
