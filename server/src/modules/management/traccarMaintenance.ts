/**
 * Traccar's /api/maintenance (list, create, update, delete) and its links through /api/permissions
 * ({deviceId|groupId, maintenanceId}) over the same rows as the maintenance entries of document 3.
 * JSON: { id, name, type, start, period, attributes } — name = description; type totalDistance (or any
 * distance attribute): start and period in metres (km × 1000); type hours: in milliseconds (h × 3,600,000).
 * A maintenance created here has no vehicle until linked; linking a second vehicle (or a group) gives each
 * vehicle its own copy (templateId), which unlinking removes, so each vehicle keeps its own history.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MANAGEMENT_MESSAGES as M, parseAmount, parseDay } from '@frota/core';
import type { Services } from '../../services/context';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { MaintenancesTable } from '../../db/managementTables';
import { assertCanWrite } from '../../auth/guard';
import { canSee, visibleIds, whereVisible, type Scope } from '../../auth/policy';
import { fromBool, parseJson, toBool, toJson } from '../../db/mapping';
import { badRequest, notFound } from '../../errors';
import { MANAGEMENT_PERMISSION, managementScope, userToday } from './access';
import { maintenanceQuery } from './maintenanceRows';
import { messageAnswer } from './schemas';
import { assertOwnsShared } from './sharedMaintenance';
import { listScope, traccarListOptions, traccarPage } from '../../services/traccarLists/listScope';

const HOUR_MS = 3_600_000;
const isHours = (type: string) => type === 'hours';

export const traccarMaintenance = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string().describe('totalDistance (metres) or hours (milliseconds)'),
  start: z.number(),
  period: z.number(),
  attributes: z.record(z.string(), z.unknown()),
});

type Row = Record<string, unknown>;
const num = (v: unknown): number | null => (v == null ? null : Number(v));

export function traccarJson(row: Row) {
  const type = String(row.type || 'totalDistance');
  const hours = isHours(type);
  const start = hours ? (num(row.hours) ?? 0) * HOUR_MS : (num(row.km) ?? 0) * 1000;
  const period = hours ? (num(row.periodicityHours) ?? 0) * HOUR_MS : (num(row.periodicityKm) ?? 0) * 1000;
  return {
    id: Number(row.id),
    name: String(row.description ?? ''),
    type,
    start: Math.round(start),
    period: Math.round(period),
    attributes: {
      ...parseJson(row.attributes),
      deviceId: num(row.deviceId),
      date_start: row.dateStart,
      date_end: row.dateEnd ?? null,
      complete: toBool(row.complete) ? 1 : 0,
      location: row.location ?? '',
      cost: num(row.cost),
      invoice: row.invoice ?? '',
    },
  };
}

const MANAGED_KEYS = ['deviceId', 'date_start', 'date_end', 'complete', 'location', 'cost', 'invoice'];

/** Columns from a Traccar body (unknown attributes are kept as attributes). */
function columns(db: Db, body: Row, today: string) {
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!name) throw badRequest(M.descriptionRequired);
  const type = typeof body.type === 'string' && body.type.trim() ? body.type.trim() : 'totalDistance';
  const start = parseAmount(body.start ?? 0);
  const period = parseAmount(body.period ?? 0);
  if (start === null || Number.isNaN(start) || start < 0) throw badRequest(M.kmNumeric);
  if (period === null || Number.isNaN(period) || period < 0) throw badRequest(M.periodicityNumeric);
  const attributes = parseJson(body.attributes);
  const complete = attributes.complete === 1 || attributes.complete === true || attributes.complete === '1';
  const dateStart = parseDay(attributes.date_start) ?? today;
  const cost = parseAmount(attributes.cost);
  if (cost !== null && Number.isNaN(cost)) throw badRequest(M.costNumeric);
  const kept = Object.fromEntries(Object.entries(attributes).filter(([k]) => !MANAGED_KEYS.includes(k)));
  const hours = isHours(type);
  return {
    description: name,
    type,
    km: hours ? null : start / 1000,
    periodicityKm: hours ? null : period / 1000 || null,
    hours: hours ? start / HOUR_MS : null,
    periodicityHours: hours ? period / HOUR_MS || null : null,
    dateStart,
    dateEnd: complete ? (parseDay(attributes.date_end) ?? dateStart) : null,
    complete: fromBool(db.dialect, complete),
    location: typeof attributes.location === 'string' ? attributes.location : '',
    cost,
    invoice: typeof attributes.invoice === 'string' ? attributes.invoice : '',
    attributes: toJson(kept),
  };
}

/** Maintenances the user sees: of its vehicles, or not yet linked and created by it (or a user it manages). */
function visibleQuery(db: Db, scope: Scope) {
  const q = maintenanceQuery(db);
  const sub = visibleIds(db, scope, 'devices');
  if (!sub) return q;
  return q.where((eb) =>
    eb.or([
      eb('deviceId', 'in', sub),
      eb.and([eb('deviceId', 'is', null), eb('userId', 'in', scope.userIds)]),
    ]),
  );
}

async function visibleMaintenance(db: Db, scope: Scope, id: number): Promise<Selectable<MaintenancesTable>> {
  const row = await visibleQuery(db, scope).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`maintenanceId ${id} not found`);
  return row;
}

const listQuery = z
  .object({
    deviceId: z.coerce.number().int().positive().optional(),
    groupId: z.coerce.number().int().positive().optional(),
    all: z.coerce.boolean().optional(),
  })
  .extend(traccarListOptions.shape);

export function traccarMaintenanceRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services;
  const tags = ['maintenance (Traccar)'];
  const idParams = z.object({ id: z.coerce.number().int().positive() });
  const refused = { 400: messageAnswer, 403: messageAnswer, 404: messageAnswer };
  // every verb follows the management module's permission, as /report/api.php/maintenance does (issue 33)
  const reader = (req: FastifyRequest) => managementScope(services, req);
  const writer = (req: FastifyRequest) => managementScope(services, req, true);

  app.get(
    '/api/maintenance',
    {
      schema: {
        tags,
        summary: 'Maintenances (Traccar shape) of the vehicles the user sees',
        description:
          "deviceId: that vehicle's entries; groupId: the entries of the group's vehicles; otherwise every " +
          'visible maintenance except the per-vehicle copies made by links. userId: what that user sees; ' +
          'keyword (name), limit, offset and excludeAttributes as in Traccar; sorted by name.',
        querystring: listQuery,
        response: { 200: z.array(traccarMaintenance), ...refused },
      },
    },
    async (req) => {
      const caller = await reader(req);
      const { deviceId, groupId, all, ...options } = req.query as z.infer<typeof listQuery>;
      const scope = await listScope(services, caller, options.userId);
      let q = visibleQuery(db, scope);
      if (deviceId) q = q.where('deviceId', '=', deviceId);
      else if (groupId)
        q = q.where(
          'deviceId',
          'in',
          db.kysely.selectFrom('devices').select('id').where('groupId', '=', groupId),
        );
      else if (!all) q = q.where('templateId', 'is', null);
      return traccarPage(
        (await q.orderBy('id').execute()).map((r) => traccarJson(r as Row)),
        options,
      );
    },
  );

  app.get(
    '/api/maintenance/:id',
    {
      schema: {
        tags,
        summary: 'One maintenance',
        params: idParams,
        response: { 200: traccarMaintenance, ...refused },
      },
    },
    async (req) => {
      const scope = await reader(req);
      return traccarJson(await visibleMaintenance(db, scope, (req.params as { id: number }).id));
    },
  );

  app.post(
    '/api/maintenance',
    {
      schema: {
        tags,
        summary: 'Create a maintenance (not linked to a vehicle until POST /api/permissions)',
        body: z.looseObject({}),
        response: { 200: traccarMaintenance, ...refused },
      },
    },
    async (req) => {
      const scope = await writer(req);
      const values = columns(db, req.body as Row, userToday(scope));
      const row = await db.kysely
        .insertInto('maintenances')
        .values({ ...values, deviceId: null, userId: scope.user.id, templateId: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return traccarJson(await visibleMaintenance(db, scope, Number(row.id)));
    },
  );

  app.put(
    '/api/maintenance/:id',
    {
      schema: {
        tags,
        summary: "Update a maintenance (and its per-vehicle copies' name, type and period)",
        description:
          'A maintenance linked to several vehicles (a root with per-vehicle copies) is updated only by a ' +
          'user who sees every one of them (else 403); the copies take the name, type and period but keep ' +
          "their own start (each vehicle's recorded service odometer or hours). Updating a copy changes " +
          'only that vehicle.',
        params: idParams,
        body: z.looseObject({}),
        response: { 200: traccarMaintenance, ...refused },
      },
    },
    async (req) => {
      const scope = await writer(req);
      const { id } = req.params as { id: number };
      await assertOwnsShared(db, scope, await visibleMaintenance(db, scope, id));
      const body = req.body as Row;
      const all = columns(db, body, userToday(scope));
      // the entry's own fields change only when the body's attributes carry them
      const given = parseJson(body.attributes);
      const entryKeys: Record<string, keyof typeof all> = {
        date_start: 'dateStart',
        date_end: 'dateEnd',
        complete: 'complete',
        location: 'location',
        cost: 'cost',
        invoice: 'invoice',
      };
      const entryColumns: readonly string[] = Object.values(entryKeys);
      const values = Object.fromEntries(
        Object.entries(all).filter(
          ([key]) =>
            !entryColumns.includes(key) ||
            Object.entries(entryKeys).some(([attr, column]) => column === key && attr in given),
        ),
      ) as Partial<typeof all>;
      if ('complete' in given && !('date_end' in given)) values.dateEnd = all.dateEnd;
      const { description, type, periodicityKm, periodicityHours } = all;
      await db.kysely.transaction().execute(async (trx) => {
        await trx.updateTable('maintenances').set(values).where('id', '=', id).execute();
        await trx
          .updateTable('maintenances')
          .set({ description, type, periodicityKm, periodicityHours })
          .where('templateId', '=', id)
          .execute();
      });
      return traccarJson(await visibleMaintenance(db, scope, id));
    },
  );

  app.delete(
    '/api/maintenance/:id',
    {
      schema: {
        tags,
        summary: 'Delete a maintenance (and its copies)',
        description:
          'A maintenance linked to several vehicles is deleted with its copies only by a user who sees ' +
          "every one of them (else 403); deleting a copy removes only that vehicle's entry.",
        params: idParams,
        response: { 204: z.null(), ...refused },
      },
    },
    async (req, reply) => {
      const scope = await writer(req);
      const { id } = req.params as { id: number };
      await assertOwnsShared(db, scope, await visibleMaintenance(db, scope, id));
      await db.kysely.deleteFrom('maintenances').where('id', '=', id).execute();
      return reply.code(204).send();
    },
  );
}

export type MaintenanceLink = { maintenanceId: number } & (
  { deviceId: number } | { groupId: number } | { userId: number }
);

/** The maintenance links of a /api/permissions body (one or an array), or null when it has none. */
export function maintenanceLinks(body: unknown): MaintenanceLink[] | null {
  const list = Array.isArray(body) ? body : [body];
  if (!list.length || !list.every((l) => l && typeof l === 'object' && 'maintenanceId' in l)) return null;
  return list.map((l) => {
    const keys = Object.keys(l as object);
    const other = keys.find((k) => k !== 'maintenanceId');
    const values = Object.values(l as object);
    if (
      keys.length !== 2 ||
      !other ||
      !['deviceId', 'groupId', 'userId'].includes(other) ||
      !values.every((v) => Number.isInteger(v) && (v as number) > 0)
    )
      throw badRequest('unknown link pair');
    return l as MaintenanceLink;
  });
}

async function linkDevice(db: Db, m: Selectable<MaintenancesTable>, deviceId: number, add: boolean) {
  const root = Number(m.templateId ?? m.id);
  const k = db.kysely;
  if (add) {
    if (m.deviceId == null) {
      await k.updateTable('maintenances').set({ deviceId }).where('id', '=', Number(m.id)).execute();
      m.deviceId = deviceId;
      return;
    }
    if (Number(m.deviceId) === deviceId) return;
    const copy = await k
      .selectFrom('maintenances')
      .select('id')
      .where('deviceId', '=', deviceId)
      .where((eb) => eb.or([eb('templateId', '=', root), eb('id', '=', root)]))
      .executeTakeFirst();
    if (copy) return;
    const { id: _id, deviceId: _d, templateId: _t, ...rest } = m;
    await k
      .insertInto('maintenances')
      .values({ ...rest, deviceId, templateId: root })
      .execute();
    return;
  }
  if (Number(m.deviceId) === deviceId && m.templateId == null) {
    await k.updateTable('maintenances').set({ deviceId: null }).where('id', '=', Number(m.id)).execute();
    return;
  }
  await k
    .deleteFrom('maintenances')
    .where('deviceId', '=', deviceId)
    .where((eb) => eb.or([eb('templateId', '=', root), eb('id', '=', Number(m.id))]))
    .where('templateId', 'is not', null)
    .execute();
}

/** Links or unlinks maintenances to vehicles and groups (a group: each vehicle of it the user sees). */
export async function applyMaintenanceLinks(
  services: Services,
  scope: Scope,
  links: MaintenanceLink[],
  add: boolean,
): Promise<void> {
  const { db } = services;
  assertCanWrite(scope, MANAGEMENT_PERMISSION);
  for (const link of links) {
    const m = await visibleMaintenance(db, scope, link.maintenanceId);
    if ('userId' in link) {
      if (!(await canSee(db, scope, 'users', link.userId))) throw notFound(`userId ${link.userId} not found`);
      continue; // who sees a maintenance follows its vehicles
    }
    let deviceIds: number[];
    if ('deviceId' in link) {
      if (!(await canSee(db, scope, 'devices', link.deviceId)))
        throw notFound(`deviceId ${link.deviceId} not found`);
      deviceIds = [link.deviceId];
    } else {
      if (!(await canSee(db, scope, 'groups', link.groupId)))
        throw notFound(`groupId ${link.groupId} not found`);
      let q = db.kysely.selectFrom('devices').select('id').where('groupId', '=', link.groupId);
      q = whereVisible(q, 'id', db, scope, 'devices');
      deviceIds = (await q.orderBy('id').execute()).map((r) => Number(r.id));
    }
    for (const deviceId of deviceIds) await linkDevice(db, m, deviceId, add);
  }
}
