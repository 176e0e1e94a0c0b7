/**
 * /report/api.php/maintenance_notification (document 3 §2, §3, §5, §7): the user's daily maintenance
 * notifications — list, one, create (POST; with an id in the body it updates: "save method not shown"),
 * update (PUT), delete. Permission management.summary as the other management calls; each user sees and
 * changes only their own notifications (another's id answers 404), and every vehicle named must be one the
 * user sees (404).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  newMaintenanceNotification,
  validateMaintenanceNotification,
  parseDeviceIds,
  type MaintenanceNotificationInput,
  type MaintenanceNotificationValues,
} from '@frota/core';
import type { Services } from '../../../services/context';
import type { Scope } from '../../../auth/policy';
import { whereVisible } from '../../../auth/policy';
import { badRequest, notFound } from '../../../errors';
import { managementScope } from '../access';
import { accepted } from '../crud';
import { deleteNotification, listNotifications, ownNotification, saveNotification } from './rows';
import { BODY_DESCRIPTION, idParams, messageAnswer, notificationAnswer } from './schemas';

export const NOTIFICATION_PATH = '/report/api.php/maintenance_notification';

const tags = ['management'];
const body = z.looseObject({});
const deleteBody = z.object({ id: z.coerce.number().int().positive().optional() }).nullish();
const deleteQuery = z.object({ id: z.coerce.number().int().positive().optional() });
const refused = {
  400: messageAnswer.describe('a validation message of document 3 §5 (Portuguese)'),
  403: messageAnswer.describe(
    'missing permission management.summary, a temporary or (writes) read-only user',
  ),
  404: messageAnswer.describe(
    "no such notification among the user's own, or a vehicle the user does not see",
  ),
};

export function maintenanceNotificationRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services;

  /** Every vehicle of the notification is one the user sees, else 404. */
  async function assertVehicles(scope: Scope, v: MaintenanceNotificationValues): Promise<void> {
    const ids = v.all_devices ? [] : parseDeviceIds(v.device_ids);
    if (!ids.length) return;
    let q = db.kysely.selectFrom('devices').select('id').where('id', 'in', ids);
    q = whereVisible(q, 'id', db, scope, 'devices');
    if ((await q.execute()).length !== ids.length) throw notFound();
  }

  async function own(scope: Scope, id: number) {
    const found = await ownNotification(db, scope.user.id, id);
    if (!found) throw notFound();
    return found;
  }

  async function save(req: FastifyRequest, id?: number) {
    const scope = await managementScope(services, req, true);
    // a field left out keeps the stored value, or on creation the new form's (every kind on, §9 defaults)
    const base: MaintenanceNotificationInput =
      id != null ? await own(scope, id) : { ...newMaintenanceNotification(''), emails: undefined };
    const given = Object.fromEntries(
      Object.entries(req.body as Record<string, unknown>).filter(([, v]) => v !== undefined),
    );
    const values = accepted(validateMaintenanceNotification({ ...base, ...given }));
    await assertVehicles(scope, values);
    return own(scope, await saveNotification(db, scope.user.id, values, id));
  }

  async function remove(req: FastifyRequest, id: number | undefined) {
    const scope = await managementScope(services, req, true);
    if (!id) throw badRequest('id em falta');
    await own(scope, id);
    await deleteNotification(db, scope.user.id, id);
  }

  app.get(
    NOTIFICATION_PATH,
    {
      schema: {
        tags,
        summary: "The user's daily maintenance notifications (permission management.summary)",
        response: { 200: z.array(notificationAnswer), 403: refused[403] },
      },
    },
    async (req) => listNotifications(db, (await managementScope(services, req)).user.id),
  );

  app.get(
    `${NOTIFICATION_PATH}/:id`,
    {
      schema: {
        tags,
        summary: 'One daily maintenance notification of the user',
        params: idParams,
        response: { 200: notificationAnswer, 403: refused[403], 404: refused[404] },
      },
    },
    async (req) => own(await managementScope(services, req), (req.params as { id: number }).id),
  );

  app.post(
    NOTIFICATION_PATH,
    {
      schema: {
        tags,
        summary: 'Create a daily maintenance notification (with an id in the body: update it)',
        description: BODY_DESCRIPTION,
        body,
        response: { 200: notificationAnswer, ...refused },
      },
    },
    async (req) => {
      const given = (req.body as Record<string, unknown>).id;
      if (given == null || given === '' || given === 0) return save(req);
      const id = Number(given);
      if (!Number.isInteger(id) || id <= 0) throw badRequest('id inválido');
      return save(req, id);
    },
  );

  app.put(
    `${NOTIFICATION_PATH}/:id`,
    {
      schema: {
        tags,
        summary: 'Update a daily maintenance notification of the user',
        description: BODY_DESCRIPTION,
        params: idParams,
        body,
        response: { 200: notificationAnswer, ...refused },
      },
    },
    async (req) => save(req, (req.params as { id: number }).id),
  );

  app.delete(
    `${NOTIFICATION_PATH}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a daily maintenance notification of the user',
        params: idParams,
        response: { 204: z.null().describe('deleted'), ...refused },
      },
    },
    async (req, reply) => {
      await remove(req, (req.params as { id: number }).id);
      return reply.code(204).send();
    },
  );

  app.delete(
    NOTIFICATION_PATH,
    {
      schema: {
        tags,
        summary: 'Delete a daily maintenance notification (id in the body or the query)',
        querystring: deleteQuery,
        body: deleteBody,
        response: { 204: z.null().describe('deleted'), ...refused },
      },
    },
    async (req, reply) => {
      const id = (req.body as { id?: number } | null | undefined)?.id ?? (req.query as { id?: number }).id;
      await remove(req, id);
      return reply.code(204).send();
    },
  );
}
