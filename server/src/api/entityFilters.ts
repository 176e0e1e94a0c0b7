/**
 * Traccar's query parameters of the entity lists (DeviceResource, ExtendedObjectResource,
 * SimpleObjectResource, UserResource): `id` and `uniqueId` (repeatable) pick devices; `userId`, `groupId`,
 * `deviceId` … are association look-ups; `keyword` searches the kind's text columns; `excludeAttributes`
 * empties `attributes`; `limit` and `offset` page; `all` and `refresh` change nothing here (administrators
 * already see every row, and there is no cache to refresh).
 */
import { z } from 'zod';
import type { Db } from '../db/database';
import { canSee, whereVisible, type EntityKind, type Scope } from '../auth/policy';
import { listRows, type ListFilter } from '../services/entities';
import { forbidden, notFound } from '../errors';
import { foldText } from '../db/textFold';

type Row = Record<string, unknown>;

/** Traccar's boolean query parameters: only `true` (or 1) is true. */
const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .optional();
const positive = z.coerce.number().int().positive();
const many = <T extends z.ZodType>(item: T) =>
  z
    .union([item, z.array(item)])
    .transform((v) => (Array.isArray(v) ? v : [v]) as z.infer<T>[])
    .optional();

export const listQuery = z.object({
  all: flag,
  refresh: flag,
  excludeAttributes: flag,
  userId: positive.optional(),
  deviceId: positive.optional(),
  groupId: positive.optional(),
  geofenceId: positive.optional(),
  notificationId: positive.optional(),
  driverId: positive.optional(),
  id: many(positive),
  uniqueId: many(z.string().min(1).max(128)),
  keyword: z.string().max(128).optional(),
  limit: z.coerce.number().int().min(0).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** The columns `keyword` searches, as Traccar's resources list them. */
const SEARCH: Record<EntityKind, string[]> = {
  devices: ['name', 'uniqueId', 'phone', 'model', 'contact'],
  groups: ['name'],
  drivers: ['name', 'uniqueId'],
  geofences: ['name'],
  // a notification's description is one of its attributes
  notifications: ['type', 'attributes'],
  users: ['name', 'email'],
};

/** Devices by `uniqueId` then by `id`, each among the devices the scope sees (Traccar's order). */
async function devicesByKeys(db: Db, scope: Scope, q: ListQuery): Promise<Row[]> {
  const pick = async (column: 'uniqueId' | 'id', values: Array<string | number>) => {
    if (!values.length) return [];
    const query = whereVisible(
      db.kysely.selectFrom('devices').selectAll().where(column, 'in', values),
      'devices.id',
      db,
      scope,
      'devices',
    );
    const rows = (await query.execute()) as Row[];
    // one answer per asked value, in the asked order
    return values.flatMap((v) => rows.filter((r) => String(r[column]) === String(v)));
  };
  return [...(await pick('uniqueId', q.uniqueId ?? [])), ...(await pick('id', q.id ?? []))];
}

async function linkedRows(db: Db, scope: Scope, kind: EntityKind, q: ListQuery): Promise<Row[]> {
  const filter: ListFilter = {
    userId: q.userId,
    deviceId: q.deviceId,
    groupId: q.groupId,
    geofenceId: q.geofenceId,
    notificationId: q.notificationId,
    driverId: q.driverId,
  };
  if (kind === 'devices' && filter.deviceId !== undefined) {
    // devices linked from a device (Traccar's LinkedDevice): none in this model
    if (!(await canSee(db, scope, 'devices', filter.deviceId))) throw notFound();
    return [];
  }
  if (kind === 'users' && filter.deviceId !== undefined) {
    // the users linked to a device: managers only, as Traccar
    if (!scope.admin && scope.user.userLimit === 0) throw forbidden('Manager access required');
    if (!(await canSee(db, scope, 'devices', filter.deviceId))) throw notFound();
    const linked = await db.kysely
      .selectFrom('userDevice')
      .select('userId')
      .where('deviceId', '=', filter.deviceId)
      .execute();
    const ids = new Set(linked.map((r) => Number(r.userId)));
    const { deviceId: _d, ...rest } = filter;
    return (await listRows(db, scope, kind, rest)).filter((r) => ids.has(Number(r.id)));
  }
  return listRows(db, scope, kind, filter);
}

/** The rows of GET /api/{kind} with Traccar's query parameters applied. */
export async function filteredRows(db: Db, scope: Scope, kind: EntityKind, q: ListQuery): Promise<Row[]> {
  let rows =
    kind === 'devices' && (q.id?.length || q.uniqueId?.length)
      ? await devicesByKeys(db, scope, q)
      : await linkedRows(db, scope, kind, q);
  const keyword = q.keyword?.trim() ? foldText(q.keyword.trim()) : '';
  if (keyword) {
    const columns = SEARCH[kind];
    const text = (v: unknown) => (typeof v === 'object' ? JSON.stringify(v) : String(v));
    rows = rows.filter((r) =>
      columns.some((c) => r[c] != null && foldText(text(r[c])).includes(keyword)),
    );
  }
  if (q.offset) rows = rows.slice(q.offset);
  if (q.limit) rows = rows.slice(0, q.limit);
  return rows;
}

/** `excludeAttributes`: the objects keep their shape with empty attributes. */
export const withoutAttributes = <T extends object>(item: T): T =>
  'attributes' in item ? { ...item, attributes: {} } : item;
