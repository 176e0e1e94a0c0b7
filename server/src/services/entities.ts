/**
 * Generic CRUD over the entity tables, always through the access policy. Entity-specific rules (users,
 * drivers, notifications, devices) are applied by their own modules before calling these functions.
 */
import type { Db } from '../db/database';
import { columnsByName } from '../db/columnsByName';
import { canSee, whereVisible, type EntityKind, type Scope } from '../auth/policy';
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
  const k = columnsByName(db.kysely);
  let q = whereVisible(k.selectFrom(kind).selectAll(kind), `${kind}.id`, db, scope, kind);
  for (const [param, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    const lookup = LOOKUPS[kind][param];
    if (!lookup) throw badRequest(`Unsupported filter ${param}`);
    const otherKind = KEY_KIND[param];
    if (!(await canSee(db, scope, otherKind, value))) throw notFound();
    if (lookup.table === 'devices') q = q.where(`${kind}.${lookup.by}`, '=', value);
    else
      q = q.where(
        `${kind}.id`,
        'in',
        k.selectFrom(lookup.table).select(lookup.pick).where(lookup.by, '=', value),
      );
  }
  return q.orderBy(`${kind}.id`).execute();
}

export async function getRow(db: Db, scope: Scope, kind: EntityKind, id: number): Promise<Row> {
  if (!Number.isInteger(id) || id <= 0 || !(await canSee(db, scope, kind, id))) throw notFound();
  return readRow(db, kind, id);
}

/** Reads a row without the policy: only for rows the caller has just written through it. */
export async function readRow(db: Db, kind: EntityKind, id: number): Promise<Row> {
  const row = await columnsByName(db.kysely)
    .selectFrom(kind)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function insertRow(db: Db, scope: Scope, kind: EntityKind, values: Row): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    const t = columnsByName(trx);
    const inserted = await t
      .insertInto(kind)
      .values(rowValues(db.dialect, values, BOOLEANS[kind]))
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(inserted.id);
    const owner = OWNER_LINK[kind];
    // Administrators see everything without links, but receive the alerts they create.
    if (owner && (!scope.admin || kind === 'notifications')) {
      await t
        .insertInto(owner.table)
        .values({ userId: scope.user.id, [owner.column]: id })
        .execute();
    }
    return id;
  });
}

export async function updateRow(db: Db, kind: EntityKind, id: number, values: Row): Promise<void> {
  const set = rowValues(db.dialect, values, BOOLEANS[kind]);
  if (Object.keys(set).length === 0) return;
  await columnsByName(db.kysely).updateTable(kind).set(set).where('id', '=', id).execute();
}

/** Deletes the row; link rows and dependent rows go with it through ON DELETE CASCADE, in one statement. */
export async function deleteRow(db: Db, kind: EntityKind, id: number): Promise<void> {
  await db.kysely.deleteFrom(kind).where('id', '=', id).execute();
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint/.test(e?.message ?? '')
  );
}
