/**
 * GET/POST/DELETE /api/permissions and POST/DELETE /api/permissions/bulk: association links of document 1
 * §3 in Traccar's shape; links and unlinks are audited.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { permissionLink, type PermissionLink } from '@frota/core';
import type { Services } from '../services/context';
import { assertCanWrite, requireScope } from '../auth/guard';
import { canSee, whereVisible, type Scope } from '../auth/policy';
import { columnsByName } from '../db/columnsByName';
import { recordAction } from '../auth/audit';
import type { FastifyRequest } from 'fastify';
import { KEY_KIND, linkTableFor } from '../services/associations';
import { badRequest, forbidden, notFound } from '../errors';
import { applyMaintenanceLinks, maintenanceLinks } from '../modules/management/traccarMaintenance';
import { applyObjectLinks, parseObjectLinks } from '../modules/traccar/objectLinks';
import { COMMAND_LINKS } from '../modules/traccar/commands/links';
import { ATTRIBUTE_LINKS } from '../modules/traccar/computed/attributeLinks';
import { CALENDAR_LINKS, listCalendarLinks } from '../modules/traccar/calendars/calendarLinks';
import { REPORT_LINKS } from '../modules/traccar/scheduled/reportLinks';

/** Traccar's own objects linked through these routes (issue 23). */
const OBJECT_LINKS = [COMMAND_LINKS, ATTRIBUTE_LINKS, CALENDAR_LINKS, REPORT_LINKS];

/** The settings screens that manage each kind of linked object (a user is linked by users or temporary links). */
const KEY_PERMISSIONS: Record<string, string[]> = {
  userId: ['settings.users', 'settings.temporary_links'],
  managedUserId: ['settings.users'],
  deviceId: ['settings.devices'],
  groupId: ['settings.groups'],
  geofenceId: ['settings.geofences'],
  driverId: ['settings.drivers'],
  notificationId: ['settings.notifications'],
};

async function checkLink(services: Services, scope: Scope, link: PermissionLink) {
  const found = linkTableFor(link);
  if (!found) throw badRequest(`Unknown link ${Object.keys(link).join('+')}`);
  // Linking two objects takes the permission of a screen that manages one of them; what a user may see is
  // decided by the screens that manage users only.
  const keys = Object.keys(link);
  const userKey = keys.find((key) => key === 'userId' || key === 'managedUserId');
  assertCanWrite(
    scope,
    (userKey ? [userKey] : keys).flatMap((key) => KEY_PERMISSIONS[key] ?? []),
  );
  for (const [key, id] of Object.entries(link)) {
    if (key === 'userId' && id === scope.user.id) throw forbidden('You cannot change your own associations');
    if (key === 'managedUserId' && !scope.admin && scope.user.userLimit === 0)
      throw forbidden('Manager access required');
    if (!(await canSee(services.db, scope, KEY_KIND[key], id))) throw notFound(`${key} ${id} not found`);
  }
  return found;
}

/** Traccar's object type of a link key: `deviceId` -> `device`, `managedUserId` -> `managedUser`. */
const typeOf = (key: string) => key.replace(/Id$/, '');

async function apply(
  services: Services,
  req: FastifyRequest,
  scope: Scope,
  links: PermissionLink[],
  add: boolean,
) {
  assertCanWrite(scope);
  const checked: Array<{ link: PermissionLink } & NonNullable<ReturnType<typeof linkTableFor>>> = [];
  for (const link of links) checked.push({ link, ...(await checkLink(services, scope, link)) });
  await services.db.kysely.transaction().execute(async (trx) => {
    const t = columnsByName(trx);
    for (const { link, table, keys } of checked) {
      const values = { [keys[0]]: link[keys[0]], [keys[1]]: link[keys[1]] };
      if (add) {
        await t
          .insertInto(table)
          .values(values)
          .onConflict((oc) => oc.columns(keys).doNothing())
          .execute();
      } else {
        await t
          .deleteFrom(table)
          .where(keys[0], '=', values[keys[0]])
          .where(keys[1], '=', values[keys[1]])
          .execute();
      }
    }
  });
  await services.live.refreshScopes();
  services.changes.emit('links');
  for (const { link, keys } of checked)
    await recordAction(services.db, req, {
      userId: scope.user.id,
      actionType: add ? 'link' : 'unlink',
      objectType: typeOf(keys[1]),
      objectId: link[keys[1]],
      attributes: { ownerType: typeOf(keys[0]), ownerId: link[keys[0]] },
    });
}

/**
 * Traccar's {deviceId|groupId, maintenanceId} links go to the maintenance entries (issue 17), its
 * {userId|groupId|deviceId, commandId} links to the saved commands and {…, attributeId} links to the
 * computed attributes, {…, reportId} links to the scheduled reports (issue 23).
 */
async function applyAny(services: Services, req: FastifyRequest, body: unknown, many: boolean, add: boolean) {
  const scope = await requireScope(services, req);
  const maintenance = maintenanceLinks(body);
  if (maintenance) return applyMaintenanceLinks(services, scope, maintenance, add);
  for (const kind of OBJECT_LINKS) {
    const links = parseObjectLinks(kind, body);
    if (links) return applyObjectLinks(services, scope, kind, links, add);
  }
  return apply(services, req, scope, parseLinks(body, many), add);
}

/**
 * GET /api/permissions?{ownerKey}={id}&{propertyKey}={id}: the stored links of that pair of kinds, 0 on a
 * side meaning any. Administrators read every link; other users the links whose two ends they both see.
 */
async function listLinks(services: Services, scope: Scope, query: Record<string, string>) {
  const calendars = await listCalendarLinks(services, scope, query);
  if (calendars) return calendars;
  const entries = Object.entries(query);
  if (entries.length !== 2) throw badRequest('Give exactly two id parameters, e.g. ?deviceId=1&geofenceId=0');
  const ids = entries.map(([key, value]) => {
    const id = Number(value);
    if (!Number.isInteger(id) || id < 0 || !KEY_KIND[key]) throw badRequest(`Invalid parameter ${key}`);
    return [key, id] as const;
  });
  const found = linkTableFor(Object.fromEntries(ids));
  if (!found) throw badRequest(`Unknown link ${ids.map(([k]) => k).join('+')}`);
  if (ids.every(([, id]) => id === 0)) throw badRequest('At least one id must not be 0');
  for (const [key, id] of ids)
    if (id !== 0 && !(await canSee(services.db, scope, KEY_KIND[key], id)))
      throw notFound(`${key} ${id} not found`);
  let q = columnsByName(services.db.kysely).selectFrom(found.table).select(found.keys);
  for (const [key, id] of ids) {
    if (id !== 0) q = q.where(key, '=', id);
    q = whereVisible(q, key, services.db, scope, KEY_KIND[key]);
  }
  const rows = await q.orderBy(ids[0][0]).orderBy(ids[1][0]).execute();
  return rows.map((r) => Object.fromEntries(ids.map(([key]) => [key, Number(r[key])])));
}

const parseLinks = (body: unknown, many: boolean): PermissionLink[] => {
  const parsed = (many ? z.array(permissionLink).min(1).max(10000) : permissionLink).safeParse(body);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid link');
  return (many ? parsed.data : [parsed.data]) as PermissionLink[];
};

export function permissionRoutes(app: FastifyInstance, services: Services) {
  const tags = ['permissions'];
  const body = z.unknown();
  app.get(
    '/api/permissions',
    {
      schema: {
        tags,
        summary: 'Links between two kinds of object (?deviceId=1&geofenceId=0; 0 is any)',
        querystring: z.record(z.string(), z.string()),
      },
    },
    async (req) =>
      listLinks(services, await requireScope(services, req), req.query as Record<string, string>),
  );
  app.post(
    '/api/permissions',
    { schema: { tags, summary: 'Link two objects', body } },
    async (req, reply) => {
      await applyAny(services, req, req.body, false, true);
      return reply.code(204).send();
    },
  );
  app.delete(
    '/api/permissions',
    { schema: { tags, summary: 'Unlink two objects', body } },
    async (req, reply) => {
      await applyAny(services, req, req.body, false, false);
      return reply.code(204).send();
    },
  );
  app.post(
    '/api/permissions/bulk',
    { schema: { tags, summary: 'Link many pairs', body } },
    async (req, reply) => {
      await applyAny(services, req, req.body, true, true);
      return reply.code(204).send();
    },
  );
  app.delete(
    '/api/permissions/bulk',
    { schema: { tags, summary: 'Unlink many pairs', body } },
    async (req, reply) => {
      await applyAny(services, req, req.body, true, false);
      return reply.code(204).send();
    },
  );
}
