/**
 * The access policy of ARCHITECTURE §6: who sees which row. Every list query and every by-id lookup goes
 * through `visibleIds` (most as `whereVisible`), so a row a user may not see is never returned (the API
 * answers 404).
 */
import { sql, type ReferenceExpression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import type { User } from '../db/rows';
import { isTemporaryUser } from '@frota/core';

export type EntityKind = 'devices' | 'groups' | 'geofences' | 'drivers' | 'notifications' | 'users';

export interface Scope {
  user: User;
  admin: boolean;
  temporary: boolean;
  /** the user and every user it manages, directly or through managers it manages */
  userIds: number[];
  /** groups linked to those users, and their descendant groups */
  groupIds: number[];
  /** the session the scope comes from (kept when the user changes its own password) */
  sessionId?: string;
}

async function closure(start: number[], next: (ids: number[]) => Promise<number[]>): Promise<number[]> {
  const seen = new Set(start);
  let frontier = start;
  while (frontier.length) {
    const found = (await next(frontier)).filter((id) => !seen.has(id));
    found.forEach((id) => seen.add(id));
    frontier = found;
  }
  return [...seen];
}

export async function scopeFor(db: Db, user: User): Promise<Scope> {
  const k = db.kysely;
  const admin = user.administrator;
  const temporary = isTemporaryUser(user);
  if (admin) return { user, admin, temporary, userIds: [user.id], groupIds: [] };
  const userIds =
    user.userLimit !== 0
      ? await closure([user.id], async (ids) =>
          (
            await k
              .selectFrom('userUser')
              .innerJoin('users', 'users.id', 'userUser.userId')
              .select('userUser.managedUserId')
              .where('userUser.userId', 'in', ids)
              // only managers pass on what they manage: a plain user's stray links give nothing (§6)
              .where('users.userLimit', '!=', 0)
              .execute()
          ).map((r) => Number(r.managedUserId)),
        )
      : [user.id];
  const direct = (
    await k.selectFrom('userGroup').select('groupId').where('userId', 'in', userIds).execute()
  ).map((r) => Number(r.groupId));
  const groupIds = direct.length
    ? await closure(direct, async (ids) =>
        (await k.selectFrom('groups').select('id').where('groupId', 'in', ids).execute()).map((r) =>
          Number(r.id),
        ),
      )
    : [];
  return { user, admin, temporary, userIds, groupIds };
}

const never = sql<SqlBool>`1 = 0`;

/** The sub-query of visible ids: one `id` column, read from the table of its kind. */
export type VisibleIds = SelectQueryBuilder<Database, EntityKind, { id: number }>;

/** A sub-query of the ids of `kind` the scope may see; undefined means "everything" (administrators). */
export function visibleIds(db: Db, scope: Scope, kind: EntityKind): VisibleIds | undefined {
  if (scope.admin) return undefined;
  const k = db.kysely;
  const { userIds, groupIds } = scope;
  switch (kind) {
    case 'devices':
      return k
        .selectFrom('devices')
        .select('devices.id as id')
        .where((eb) =>
          eb.or([
            eb(
              'devices.id',
              'in',
              eb
                .selectFrom('userDevice')
                .select('userDevice.deviceId')
                .where('userDevice.userId', 'in', userIds),
            ),
            groupIds.length ? eb('devices.groupId', 'in', groupIds) : never,
          ]),
        );
    case 'groups':
      return k
        .selectFrom('groups')
        .select('groups.id as id')
        .where(groupIds.length ? sql<SqlBool>`${sql.ref('groups.id')} in (${sql.join(groupIds)})` : never);
    case 'geofences':
      return k
        .selectFrom('geofences')
        .select('geofences.id as id')
        .where((eb) =>
          eb.or([
            eb(
              'geofences.id',
              'in',
              eb
                .selectFrom('userGeofence')
                .select('userGeofence.geofenceId')
                .where('userGeofence.userId', 'in', userIds),
            ),
            groupIds.length
              ? eb(
                  'geofences.id',
                  'in',
                  eb
                    .selectFrom('groupGeofence')
                    .select('groupGeofence.geofenceId')
                    .where('groupGeofence.groupId', 'in', groupIds),
                )
              : never,
          ]),
        );
    case 'drivers':
      return k
        .selectFrom('drivers')
        .select('drivers.id as id')
        .where((eb) =>
          eb.or([
            eb(
              'drivers.id',
              'in',
              eb
                .selectFrom('userDriver')
                .select('userDriver.driverId')
                .where('userDriver.userId', 'in', userIds),
            ),
            groupIds.length
              ? eb(
                  'drivers.id',
                  'in',
                  eb
                    .selectFrom('groupDriver')
                    .select('groupDriver.driverId')
                    .where('groupDriver.groupId', 'in', groupIds),
                )
              : never,
          ]),
        );
    case 'notifications':
      return k
        .selectFrom('notifications')
        .select('notifications.id as id')
        .where((eb) =>
          eb(
            'notifications.id',
            'in',
            eb
              .selectFrom('userNotification')
              .select('userNotification.notificationId')
              .where('userNotification.userId', 'in', userIds),
          ),
        );
    case 'users':
      return k.selectFrom('users').select('users.id as id').where('users.id', 'in', userIds);
  }
}

/**
 * The query narrowed to the rows whose `column` holds an id of `kind` the scope sees: `column in
 * (visibleIds)`; unchanged for administrators, who see everything.
 */
export function whereVisible<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  column: ReferenceExpression<DB, TB>,
  db: Db,
  scope: Scope,
  kind: EntityKind,
): SelectQueryBuilder<DB, TB, O> {
  const sub = visibleIds(db, scope, kind);
  return sub ? qb.where(column, 'in', sub) : qb;
}

export async function canSee(db: Db, scope: Scope, kind: EntityKind, id: number): Promise<boolean> {
  const column = `${kind}.id` as const;
  const q = db.kysely.selectFrom(kind).select(column).where(column, '=', id);
  const row = await whereVisible(q, column, db, scope, kind).executeTakeFirst();
  return row !== undefined;
}
