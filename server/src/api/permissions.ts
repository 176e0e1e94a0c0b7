/** POST/DELETE /api/permissions and /api/permissions/bulk: association links of document 1 §3. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { permissionLink, type PermissionLink } from '@frota/core';
import type { Services } from '../services/context';
import { assertCanWrite, requireScope } from '../auth/guard';
import { canSee, type Scope } from '../auth/policy';
import { KEY_KIND, linkTableFor } from '../services/associations';
import { badRequest, forbidden, notFound } from '../services/errors';
import { applyMaintenanceLinks, maintenanceLinks } from '../modules/management/traccarMaintenance';

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

async function apply(services: Services, scope: Scope, links: PermissionLink[], add: boolean) {
  assertCanWrite(scope);
  const checked: Array<{ link: PermissionLink } & NonNullable<ReturnType<typeof linkTableFor>>> = [];
  for (const link of links) checked.push({ link, ...(await checkLink(services, scope, link)) });
  await services.db.kysely.transaction().execute(async (trx) => {
    for (const { link, table, keys } of checked) {
      const values = { [keys[0]]: link[keys[0]], [keys[1]]: link[keys[1]] };
      if (add) {
        await trx
          .insertInto(table)
          .values(values as never)
          .onConflict((oc) => oc.columns(keys as never).doNothing())
          .execute();
      } else {
        await trx
          .deleteFrom(table)
          .where(keys[0] as never, '=', values[keys[0]] as never)
          .where(keys[1] as never, '=', values[keys[1]] as never)
          .execute();
      }
    }
  });
  await services.live.refreshScopes();
  services.changes.emit('links');
}

/** Traccar's {deviceId|groupId, maintenanceId} links go to the maintenance entries (issue 17). */
async function applyAny(services: Services, scope: Scope, body: unknown, many: boolean, add: boolean) {
  const maintenance = maintenanceLinks(body);
  if (maintenance) return applyMaintenanceLinks(services, scope, maintenance, add);
  return apply(services, scope, parseLinks(body, many), add);
}

const parseLinks = (body: unknown, many: boolean): PermissionLink[] => {
  const parsed = (many ? z.array(permissionLink).min(1).max(10000) : permissionLink).safeParse(body);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid link');
  return (many ? parsed.data : [parsed.data]) as PermissionLink[];
};

export function permissionRoutes(app: FastifyInstance, services: Services) {
  const tags = ['permissions'];
  const body = z.unknown();
  app.post(
    '/api/permissions',
    { schema: { tags, summary: 'Link two objects', body } },
    async (req, reply) => {
      await applyAny(services, await requireScope(services, req), req.body, false, true);
      return reply.code(204).send();
    },
  );
  app.delete(
    '/api/permissions',
    { schema: { tags, summary: 'Unlink two objects', body } },
    async (req, reply) => {
      await applyAny(services, await requireScope(services, req), req.body, false, false);
      return reply.code(204).send();
    },
  );
  app.post(
    '/api/permissions/bulk',
    { schema: { tags, summary: 'Link many pairs', body } },
    async (req, reply) => {
      await applyAny(services, await requireScope(services, req), req.body, true, true);
      return reply.code(204).send();
    },
  );
  app.delete(
    '/api/permissions/bulk',
    { schema: { tags, summary: 'Unlink many pairs', body } },
    async (req, reply) => {
      await applyAny(services, await requireScope(services, req), req.body, true, false);
      return reply.code(204).send();
    },
  );
}
