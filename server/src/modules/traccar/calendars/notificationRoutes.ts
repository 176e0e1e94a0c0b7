/**
 * Traccar's notification helpers (issue 23): GET /api/notifications/types and /notificators, POST
 * /api/notifications/test, /test/{notificator} and /send/{notificator}. These static paths win over the
 * entity route `/api/notifications/:id`: Fastify matches static segments first, whatever the order in
 * which the routes are registered.
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { z } from 'zod';
import { isTemporaryUser } from '@frota/core';
import type { Services } from '../../../services/context';
import { assertNotTemporary, requireScope } from '../../../auth/guard';
import { canSee, type Scope } from '../../../auth/policy';
import { createSmsSender, isNumericPhone } from '../../../events/notify/sms';
import { userJson, type User } from '../../../db/rows';
import { badRequest, forbidden, notFound } from '../../../errors';
import { NOTIFICATION_TYPES, notificatorTypes, type NotificatorType } from './notificationTypes';
import { sendMessage, TEST_MESSAGE, type Senders } from './notificationSend';
import { flag, positive } from './querySchemas';

const messageBody = z.object({
  subject: z.string().max(512).optional(),
  digest: z.string().max(1024).optional(),
  body: z.string().min(1).max(10_000),
  priority: z.boolean().optional(),
});

const sendQuery = z.object({
  userId: z
    .union([positive, z.array(positive)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional(),
});

const notificatorParams = z.object({ notificator: z.string().min(1).max(32) });

export function notificationHelperRoutes(app: FastifyInstance, services: Services): void {
  const { db, config } = services;
  const tags = ['notifications'];
  const senders: Senders = {
    mailer: services.mailer,
    sms: createSmsSender(config.smsUrl, app.log as unknown as Logger),
  };
  const channels = () => ({ mail: senders.mailer.enabled, sms: senders.sms.enabled });

  /** The notificator of a path, refused when unknown or not configured. */
  const notificatorOf = (name: string): NotificatorType => {
    const offered = notificatorTypes(channels());
    if (!(['web', 'mail', 'sms'] as string[]).includes(name))
      throw badRequest(`Notificador desconhecido: ${name}`);
    if (!offered.includes(name as NotificatorType)) throw badRequest(`Notificador não configurado: ${name}`);
    return name as NotificatorType;
  };

  app.get(
    '/api/notifications/types',
    { schema: { tags, summary: 'Event types alert notifications can be made for' } },
    async (req) => {
      await requireScope(services, req);
      return NOTIFICATION_TYPES.map((type) => ({ type }));
    },
  );

  app.get(
    '/api/notifications/notificators',
    {
      schema: {
        tags,
        summary: 'Channels notifications can be sent through',
        querystring: z.object({ announcement: flag }),
      },
    },
    async (req) => {
      await requireScope(services, req);
      const { announcement } = req.query as { announcement?: boolean };
      return notificatorTypes(channels(), announcement).map((type) => ({ type }));
    },
  );

  app.post(
    '/api/notifications/test',
    { schema: { tags, summary: 'Send a test message to the current user through every notificator' } },
    async (req, reply) => {
      const scope = await requireScope(services, req);
      assertNotTemporary(scope);
      for (const notificator of notificatorTypes(channels())) {
        // as in Traccar, a user without a phone gets no test SMS
        if (notificator === 'sms' && !isNumericPhone(scope.user.phone)) continue;
        await sendMessage(notificator, scope.user, TEST_MESSAGE, senders);
      }
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/notifications/test/:notificator',
    {
      schema: {
        tags,
        summary: 'Send a test message to the current user through one notificator',
        params: notificatorParams,
      },
    },
    async (req, reply) => {
      const scope = await requireScope(services, req);
      assertNotTemporary(scope);
      const notificator = notificatorOf((req.params as { notificator: string }).notificator);
      await sendMessage(notificator, scope.user, TEST_MESSAGE, senders);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/notifications/send/:notificator',
    {
      schema: {
        tags,
        summary: 'Send a message to users one manages (or to the users given) through one notificator',
        params: notificatorParams,
        querystring: sendQuery,
        body: messageBody,
      },
    },
    async (req, reply) => {
      const scope = await requireScope(services, req);
      assertNotTemporary(scope);
      if (!scope.admin && scope.user.userLimit === 0) throw forbidden('Manager access required');
      const notificator = notificatorOf((req.params as { notificator: string }).notificator);
      const { userId } = req.query as z.infer<typeof sendQuery>;
      const message = req.body as z.infer<typeof messageBody>;
      const users = await recipients(scope, userId);
      for (const user of users.filter((u) => !isTemporaryUser(u)))
        await sendMessage(notificator, user, { subject: message.subject ?? '', body: message.body }, senders);
      return reply.code(204).send();
    },
  );

  /** The users given (each one the scope sees), or every user the scope manages (all for administrators). */
  async function recipients(scope: Scope, ids: number[] | undefined): Promise<User[]> {
    if (ids?.length) {
      for (const id of ids)
        if (!(await canSee(db, scope, 'users', id))) throw notFound(`userId ${id} not found`);
    }
    let q = db.kysely.selectFrom('users').selectAll();
    if (ids?.length) q = q.where('id', 'in', ids);
    else if (!scope.admin) q = q.where('id', 'in', scope.userIds).where('id', '!=', scope.user.id);
    return (await q.orderBy('id').execute()).map((r) => userJson(r));
  }
}
