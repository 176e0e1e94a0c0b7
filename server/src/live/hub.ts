/**
 * WebSocket hub: each connection belongs to a user and receives only the devices that user may see.
 * Messages for a connection are coalesced and flushed together.
 */
import type { WebSocket } from 'ws';
import type { Db } from '../db/database';
import { blankPosition } from '@frota/core';
import { scopeFor, visibleIds, type Scope } from '../auth/policy';
import { PrivacyFilter, privateDeviceIds, seesPrivate } from '../auth/privacy';
import type { User } from '../services/rows';

export interface LiveMessage {
  devices?: Array<{ id: number } & Record<string, unknown>>;
  positions?: Array<{ deviceId: number } & Record<string, unknown>>;
  events?: Array<{ deviceId: number } & Record<string, unknown>>;
  /** status changes of events (the alert central), for the users who see the event's device */
  eventStatuses?: Array<{ deviceId: number } & Record<string, unknown>>;
  /** refills added, changed or removed: ids only, pages read them again */
  refills?: Array<{ id: number; deviceId: number }>;
  /** tachograph driver rows changed (card number and last vehicle): pages read them again */
  tachoDrivers?: Array<{ uniqueid: string; deviceId: number }>;
  /** camera photos or videos stored, converted or removed: ids only, camera screens read them again */
  cameraMedia?: Array<{ id: number; deviceId: number }>;
}

interface Connection {
  socket: WebSocket;
  user: User;
  deviceIds: Set<number> | 'all';
  pending: Required<LiveMessage>;
  timer?: NodeJS.Timeout;
  lastFlush: number;
}

const FLUSH_MS = 50;

type LivePosition = NonNullable<LiveMessage['positions']>[number];

export class LiveHub {
  private connections = new Set<Connection>();
  /** vehicles marked private: their positions reach only users who see private positions */
  /** the privacy rule for users who may not see private positions (vehicles marked private loaded) */
  private privacy: PrivacyFilter | undefined;

  /** socket messages and positions sent to browsers (metrics: records out) */
  readonly stats = { messages: 0, positions: 0 };

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
      pending: {
        devices: [],
        positions: [],
        events: [],
        eventStatuses: [],
        refills: [],
        tachoDrivers: [],
        cameraMedia: [],
      },
      lastFlush: 0,
    };
    this.connections.add(conn);
    socket.on('close', () => {
      if (conn.timer) clearTimeout(conn.timer);
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
        (message.positions ?? [])
          .filter((q) => this.isPrivate(q))
          .map((q) => [q, blankPosition(q as never) as LivePosition]),
      );
      return blanked.get(p) ?? p;
    };
    for (const conn of this.connections) {
      const sees = (deviceId: number) => conn.deviceIds === 'all' || conn.deviceIds.has(deviceId);
      const devices = (message.devices ?? []).filter((d) => sees(d.id));
      let positions = (message.positions ?? []).filter((p) => sees(p.deviceId));
      if (!seesPrivate(conn.user)) positions = positions.map(hidden);
      const events = (message.events ?? []).filter((e) => sees(e.deviceId));
      const eventStatuses = (message.eventStatuses ?? []).filter((e) => sees(e.deviceId));
      const refills = (message.refills ?? []).filter((r) => sees(r.deviceId));
      const tachoDrivers = (message.tachoDrivers ?? []).filter((r) => sees(r.deviceId));
      const cameraMedia = (message.cameraMedia ?? []).filter((r) => sees(r.deviceId));
      conn.pending.devices.push(...devices);
      conn.pending.positions.push(...positions);
      conn.pending.events.push(...events);
      conn.pending.eventStatuses.push(...eventStatuses);
      conn.pending.refills.push(...refills);
      conn.pending.tachoDrivers.push(...tachoDrivers);
      conn.pending.cameraMedia.push(...cameraMedia);
      const added =
        devices.length +
          positions.length +
          events.length +
          eventStatuses.length +
          refills.length +
          tachoDrivers.length +
          cameraMedia.length >
        0;
      // At most one message per FLUSH_MS per socket, but no wait when the last one is older than that.
      if (added && !conn.timer)
        conn.timer = setTimeout(
          () => this.flush(conn),
          Math.max(0, FLUSH_MS - (Date.now() - conn.lastFlush)),
        );
    }
  }

  private isPrivate(p: LivePosition): boolean {
    return !!this.privacy?.hides(p.deviceId, p.attributes as Record<string, unknown> | undefined);
  }

  private flush(conn: Connection): void {
    conn.timer = undefined;
    conn.lastFlush = Date.now();
    const out: LiveMessage = {};
    if (conn.pending.devices.length) out.devices = conn.pending.devices;
    if (conn.pending.positions.length) out.positions = conn.pending.positions;
    if (conn.pending.events.length) out.events = conn.pending.events;
    if (conn.pending.eventStatuses.length) out.eventStatuses = conn.pending.eventStatuses;
    if (conn.pending.refills.length) out.refills = conn.pending.refills;
    if (conn.pending.tachoDrivers.length) out.tachoDrivers = conn.pending.tachoDrivers;
    if (conn.pending.cameraMedia.length) out.cameraMedia = conn.pending.cameraMedia;
    conn.pending = {
      devices: [],
      positions: [],
      events: [],
      eventStatuses: [],
      refills: [],
      tachoDrivers: [],
      cameraMedia: [],
    };
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    conn.socket.send(JSON.stringify(out));
    this.stats.messages++;
    this.stats.positions += out.positions?.length ?? 0;
  }

  closeAll(): void {
    for (const conn of this.connections) conn.socket.close(1001, 'server shutting down');
  }
}
