/**
 * Where the privacy rule of core (`isPrivatePosition`, `blankPosition`) is applied on the server: every
 * position that leaves it (positions API, socket, reports) goes through `PrivacyFilter`. Administrators are
 * the role allowed to see private positions; everyone else gets them blanked.
 */
import { blankPosition, boolAttr, isPrivatePosition, type PrivacyPosition } from '@frota/core';
import type { Db } from '../db/database';
import { parseJson } from '../db/mapping';

/** Whether this user sees private positions as they are. */
export const seesPrivate = (user: { administrator?: boolean }): boolean => !!user.administrator;

/** The ids of the vehicles marked private, among `ids` (every vehicle without it). */
export async function privateDeviceIds(db: Db, ids?: readonly number[]): Promise<Set<number>> {
  if (ids && ids.length === 0) return new Set();
  let q = db.kysely.selectFrom('devices').select(['id', 'attributes']);
  if (ids) q = q.where('id', 'in', [...ids]);
  const rows = await q.execute();
  return new Set(rows.filter((r) => boolAttr(parseJson(r.attributes).privacy)).map((r) => Number(r.id)));
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
}
