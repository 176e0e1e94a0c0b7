/** The reference lists at the spec's paths under /report/api.php (document 1 §7, document 3 §7). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services/context';
import { assertNotTemporary, requireScope } from '../auth/guard';
import { whereVisible } from '../auth/policy';
import { forbidden } from '../errors';
import { listRows } from '../services/entities';
import { deviceJson, driverJson, groupJson, userJson } from '../db/rows';
import {
  DEFAULT_CLIENT_DETAILS,
  readSetting,
  writeSetting,
  type ClientDetails,
} from '../services/serverSettings';
import { toBool } from '../db/mapping';

const id = z.coerce.number().int().positive().optional();
const BASE = '/report/api.php';

export function reportApiRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  const tags = ['reference'];

  app.get(
    `${BASE}/devices`,
    {
      schema: {
        tags,
        summary: 'Vehicles (active only unless disabled=true); with notificationId the ones linked to it',
        querystring: z.object({
          disabled: z.enum(['true', 'false']).optional(),
          notificationId: id,
          groupId: id,
        }),
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      const q = req.query as { disabled?: string; notificationId?: number; groupId?: number };
      const rows = await listRows(db, scope, 'devices', {
        notificationId: q.notificationId,
        groupId: q.groupId,
      });
      return rows.filter((r) => q.disabled === 'true' || !toBool(r.disabled)).map(deviceJson);
    },
  );

  app.get(
    `${BASE}/drivers`,
    { schema: { tags, summary: 'Drivers', querystring: z.object({ groupId: id }) } },
    async (req) => {
      const scope = await requireScope(services, req);
      return (await listRows(db, scope, 'drivers', req.query as { groupId?: number })).map(driverJson);
    },
  );

  app.get(
    `${BASE}/groups`,
    {
      schema: {
        tags,
        summary: 'Groups; with driverId or geofenceId the linked ones',
        querystring: z.object({ driverId: id, geofenceId: id, userId: id }),
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      return (await listRows(db, scope, 'groups', req.query as object)).map(groupJson);
    },
  );

  app.get(
    `${BASE}/users`,
    {
      schema: {
        tags,
        summary: 'Users; with groupId the linked ones',
        querystring: z.object({ groupId: id }),
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      assertNotTemporary(scope);
      return (await listRows(db, scope, 'users', req.query as object)).map(userJson);
    },
  );

  app.get(`${BASE}/tags`, { schema: { tags, summary: 'Vehicle tags' } }, async (req) => {
    await requireScope(services, req);
    return db.kysely.selectFrom('tags').select(['id', 'tag', 'name']).orderBy('name').execute();
  });

  app.get(
    `${BASE}/client_details`,
    { schema: { tags, summary: 'Client details (title, message, currency, contacts)' } },
    async () => readSetting<ClientDetails>(db, 'clientDetails', DEFAULT_CLIENT_DETAILS),
  );

  app.put(
    `${BASE}/client_details`,
    { schema: { tags, summary: 'Change client details (administrators)', body: z.looseObject({}) } },
    async (req) => {
      const scope = await requireScope(services, req);
      if (!scope.admin) throw forbidden();
      const current = await readSetting<ClientDetails>(db, 'clientDetails', DEFAULT_CLIENT_DETAILS);
      const next = { ...current, ...(req.body as object) };
      await writeSetting(db, 'clientDetails', next);
      return next;
    },
  );

  app.get(
    `${BASE}/group_elements`,
    { schema: { tags, summary: 'Every visible group with the ids of its elements' } },
    async (req) => {
      const scope = await requireScope(services, req);
      const groups = (await listRows(db, scope, 'groups')).map(groupJson);
      if (!groups.length) return [];
      const ids = groups.map((g) => g.id);
      const k = db.kysely;
      const devicesQ = whereVisible(
        k.selectFrom('devices').select(['id', 'groupId']).where('groupId', 'in', ids),
        'id',
        db,
        scope,
        'devices',
      );
      const [devices, users, geofences, drivers] = await Promise.all([
        devicesQ.execute(),
        k.selectFrom('userGroup').select(['groupId', 'userId as id']).where('groupId', 'in', ids).execute(),
        k
          .selectFrom('groupGeofence')
          .select(['groupId', 'geofenceId as id'])
          .where('groupId', 'in', ids)
          .execute(),
        k
          .selectFrom('groupDriver')
          .select(['groupId', 'driverId as id'])
          .where('groupId', 'in', ids)
          .execute(),
      ]);
      const of = (rows: Array<{ groupId: unknown; id: unknown }>, g: number) =>
        rows.filter((r) => Number(r.groupId) === g).map((r) => Number(r.id));
      return groups.map((g) => ({
        ...g,
        devices: of(devices, g.id),
        users: of(users, g.id),
        geofences: of(geofences, g.id),
        drivers: of(drivers, g.id),
      }));
    },
  );
}
