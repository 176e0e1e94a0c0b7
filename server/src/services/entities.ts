/**
 * Generic CRUD over the entity tables, always through the access policy. Entity-specific rules (users,
 * drivers, notifications, devices) are applied by their own modules before calling these functions.
 */
import type { Db } from '../db/database';
import { visibleIds, canSee, type EntityKind, type Scope } from '../auth/policy';
import { KEY_KIND, LOOKUPS, OWNER_LINK } from './associations';
import { badRequest, notFound } from '../errors';
import {
  deviceJson,
  driverJson,
  geofenceJson,
  groupJson,
  notificationJson,
  rowValues,
  userJson,
} from '../db/rows';

type Row = Record<string, unknown>;

export const MAPPERS: Record<EntityKind, (r: Row) => object> = {
  devices: deviceJson,
  groups: groupJson,
  geofences: geofenceJson,
  drivers: driverJson,
  notifications: notificationJson,
  users: userJson,
};

export const BOOLEANS: Record<EntityKind, string[]> = {
  devices: ['disabled'],
  groups: [],
  geofences: [],
  drivers: [],
  notifications: ['always'],
  users: ['readonly', 'administrator', 'disabled'],
};

export type ListFilter = Partial<
  Record<'userId' | 'deviceId' | 'groupId' | 'geofenceId' | 'notificationId' | 'driverId', number>
>;

/** Rows of `kind` the scope sees, optionally only those linked to one object (association look-up). */
export async function listRows(
  db: Db,
  scope: Scope,
  kind: EntityKind,
  filter: ListFilter = {},
): Promise<Row[]> {
  let q = db.kysely.selectFrom(kind).selectAll(kind as never);
  const sub = visibleIds(db, scope, kind);
  if (sub) q = q.where(`${kind}.id` as never, 'in', sub as never);
  for (const [param, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    const lookup = LOOKUPS[kind][param];
    if (!lookup) throw badRequest(`Unsupported filter ${param}`);
    const otherKind = KEY_KIND[param];
    if (!(await canSee(db, scope, otherKind, value))) throw notFound();
    if (lookup.table === 'devices') q = q.where(`${kind}.${lookup.by}` as never, '=', value as never);
    else
      q = q.where(
        `${kind}.id` as never,
        'in',
        db.kysely
          .selectFrom(lookup.table)
          .select(lookup.pick as never)
          .where(lookup.by as never, '=', value as never) as never,
      );
  }
  return (await q.orderBy(`${kind}.id` as never).execute()) as Row[];
}

export async function getRow(db: Db, scope: Scope, kind: EntityKind, id: number): Promise<Row> {
  if (!Number.isInteger(id) || id <= 0 || !(await canSee(db, scope, kind, id))) throw notFound();
  return readRow(db, kind, id);
}

/** Reads a row without the policy: only for rows the caller has just written through it. */
export async function readRow(db: Db, kind: EntityKind, id: number): Promise<Row> {
  const row = await db.kysely
    .selectFrom(kind)
    .selectAll()
    .where('id', '=', id as never)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row as Row;
}

export async function insertRow(db: Db, scope: Scope, kind: EntityKind, values: Row): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto(kind)
      .values(rowValues(db.dialect, values, BOOLEANS[kind]) as never)
      .returning('id' as never)
      .executeTakeFirstOrThrow();
    const id = Number((inserted as Row).id);
    const owner = OWNER_LINK[kind];
    // Administrators see everything without links, but receive the alerts they create.
    if (owner && (!scope.admin || kind === 'notifications')) {
      await trx
        .insertInto(owner.table)
        .values({ userId: scope.user.id, [owner.column]: id } as never)
        .execute();
    }
    return id;
  });
}

export async function updateRow(db: Db, kind: EntityKind, id: number, values: Row): Promise<void> {
  const set = rowValues(db.dialect, values, BOOLEANS[kind]);
  if (Object.keys(set).length === 0) return;
  await db.kysely
    .updateTable(kind)
    .set(set as never)
    .where('id', '=', id as never)
    .execute();
}

/** Deletes the row; link rows and dependent rows go with it through ON DELETE CASCADE, in one statement. */
export async function deleteRow(db: Db, kind: EntityKind, id: number): Promise<void> {
  await db.kysely
    .deleteFrom(kind)
    .where('id', '=', id as never)
    .execute();
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint/.test(e?.message ?? '')
  );
}
