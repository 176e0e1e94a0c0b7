/**
 * Where the privacy rule of core (`isPrivatePosition`, `blankPosition`) is applied on the server: every
 * position-bearing row that leaves it (positions and their exports, socket, replay, events, camera media,
 * refills, reports) goes through `PrivacyFilter`. Administrators are the role allowed to see private
 * positions; everyone else gets them blanked.
 *
 * What a non-administrator keeps of a hidden row (issue 33): its id, the vehicle, its times, the
 * protocol and validity, the event type, and the row's own business figures (a refill's litres, cost,
 * typed km and hours; a camera file's bytes). Removed: coordinates, address, course, altitude,
 * accuracy, cell towers, zones, speed, the position's attributes (but `privacy`), the replay's series,
 * per-step distances and speed limits, and event details naming a zone or a speed.
 */
import {
  blankAttributes,
  blankPosition,
  boolAttr,
  isPrivatePosition,
  type PrivacyPosition,
} from '@frota/core';
import type { Db } from '../db/database';
import { parseJson } from '../db/mapping';

/** Whether this user sees private positions as they are. */
export const seesPrivate = (user: { administrator?: boolean }): boolean => !!user.administrator;

/** Whether a vehicle's rows (by its attributes) hide their place from this user. */
export const hidesVehicle = (
  user: { administrator?: boolean },
  deviceAttributes: Record<string, unknown> | null | undefined,
): boolean => !seesPrivate(user) && boolAttr(deviceAttributes?.privacy);

/** The ids of the vehicles marked private, among `ids` (every vehicle without it). */
export async function privateDeviceIds(db: Db, ids?: readonly number[]): Promise<Set<number>> {
  if (ids && ids.length === 0) return new Set();
  let q = db.kysely.selectFrom('devices').select(['id', 'attributes']);
  if (ids) q = q.where('id', 'in', [...ids]);
  const rows = await q.execute();
  return new Set(rows.filter((r) => boolAttr(parseJson(r.attributes).privacy)).map((r) => Number(r.id)));
}

/** A row that says where something happened. */
export interface Place {
  latitude?: number | null;
  longitude?: number | null;
  address?: string | null;
}

/** The row with its place removed (nullable place fields: null). */
export function withoutPlace<T extends Place>(row: T): T {
  return {
    ...row,
    ...(row.latitude !== undefined ? { latitude: null } : {}),
    ...(row.longitude !== undefined ? { longitude: null } : {}),
    ...(row.address !== undefined ? { address: null } : {}),
  };
}

/** A Traccar event as `/api/events` answers it. */
interface EventShape {
  deviceId: number;
  positionId: number;
  geofenceId: number;
  attributes: Record<string, unknown>;
}

export class PrivacyFilter {
  constructor(
    private readonly blanks: boolean,
    private readonly privateDevices: ReadonlySet<number>,
  ) {}

  /** A filter for a user; `devices` the vehicles whose positions it will see (all when omitted). */
  static async for(db: Db, user: { administrator?: boolean }, devices?: readonly number[]) {
    if (seesPrivate(user)) return new PrivacyFilter(false, new Set());
    return new PrivacyFilter(true, await privateDeviceIds(db, devices));
  }

  /** Whether this user sees everything (an administrator). */
  get seesAll(): boolean {
    return !this.blanks;
  }

  /** Whether a vehicle's position at this moment is hidden from the user. */
  hides(deviceId: number, attributes: Record<string, unknown> | null | undefined): boolean {
    return (
      this.blanks &&
      (this.privateDevices.has(deviceId) || isPrivatePosition({ attributes: attributes ?? {} }))
    );
  }

  apply<T extends PrivacyPosition & { deviceId: number }>(position: T): T {
    return this.hides(position.deviceId, position.attributes) ? blankPosition(position) : position;
  }

  /**
   * Which of these rows (each of a vehicle, maybe tied to a stored position) hide their place: the
   * vehicle is private, or the position was sent in privacy mode. Reads the positions' attributes once.
   */
  async hiddenRows(
    db: Db,
    rows: ReadonlyArray<{ deviceId: number; positionId?: number | null }>,
  ): Promise<boolean[]> {
    if (!this.blanks) return rows.map(() => false);
    const ask = [
      ...new Set(
        rows
          .filter((r) => !this.privateDevices.has(r.deviceId) && r.positionId)
          .map((r) => Number(r.positionId)),
      ),
    ];
    const modes = new Map<number, Record<string, unknown>>();
    for (let i = 0; i < ask.length; i += 500) {
      const found = await db.kysely
        .selectFrom('positions')
        .select(['id', 'attributes'])
        .where('id', 'in', ask.slice(i, i + 500))
        .execute();
      for (const p of found) modes.set(Number(p.id), parseJson(p.attributes));
    }
    return rows.map((r) =>
      this.hides(r.deviceId, r.positionId ? (modes.get(Number(r.positionId)) ?? null) : null),
    );
  }

  /** Rows with a place (camera media, refills): the place removed where it is hidden. */
  async places<T extends Place & { deviceId: number; positionId?: number | null }>(
    db: Db,
    rows: T[],
  ): Promise<T[]> {
    const hidden = await this.hiddenRows(db, rows);
    return rows.map((r, i) => (hidden[i] ? withoutPlace(r) : r));
  }

  /** Traccar events: a hidden one keeps its type, time, vehicle and position id; no zone, no attributes. */
  async events<T extends EventShape>(db: Db, events: T[]): Promise<T[]> {
    const hidden = await this.hiddenRows(db, events);
    return events.map((e, i) => (hidden[i] ? blankEvent(e) : e));
  }

  /** An event as the socket sends it: blanked when its vehicle is private (no position read there). */
  event<T extends { deviceId: number; geofenceId?: unknown; attributes?: unknown }>(e: T): T {
    return this.hides(e.deviceId, null) ? blankEvent(e) : e;
  }
}

function blankEvent<T extends { geofenceId?: unknown; attributes?: unknown }>(e: T): T {
  return {
    ...e,
    ...(e.geofenceId !== undefined ? { geofenceId: 0 } : {}),
    attributes: blankAttributes(e.attributes as Record<string, unknown> | null | undefined),
  };
}
