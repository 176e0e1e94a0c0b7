/** GET /api/audit?from=&to=: the audit trail (Traccar's Actions) of a period, administrators only. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../../services/context';
import { requireScope } from '../../../auth/guard';
import { badRequest, forbidden } from '../../../errors';
import { parseJson, toIso } from '../../../db/mapping';

const MAX_ACTIONS = 100_000;
const time = z.string().refine((v) => Number.isFinite(Date.parse(v)), 'invalid date');

export function auditRoutes(app: FastifyInstance, services: Services): void {
  const k = services.db.kysely;
  app.get(
    '/api/audit',
    {
      schema: {
        tags: ['audit'],
        summary: 'Audited actions in a period (administrators): logins, logouts, changes, links, tokens',
        querystring: z.object({ from: time, to: time }),
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      if (!scope.admin) throw forbidden('Administrator access required');
      const q = req.query as { from: string; to: string };
      const from = Date.parse(q.from);
      const to = Date.parse(q.to);
      if (from > to) throw badRequest('from must not be after to');
      const rows = await k
        .selectFrom('auditActions')
        .leftJoin('users', 'users.id', 'auditActions.userId')
        .select([
          'auditActions.id',
          'auditActions.actionTime',
          'auditActions.address',
          'auditActions.userId',
          'users.email as userEmail',
          'auditActions.actionType',
          'auditActions.objectType',
          'auditActions.objectId',
          'auditActions.attributes',
        ])
        .where('auditActions.actionTime', '>=', from)
        .where('auditActions.actionTime', '<=', to)
        .orderBy('auditActions.actionTime')
        .orderBy('auditActions.id')
        .limit(MAX_ACTIONS)
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        actionTime: toIso(Number(r.actionTime)),
        address: r.address,
        userId: r.userId == null ? 0 : Number(r.userId),
        userEmail: r.userEmail ?? null,
        actionType: r.actionType,
        objectType: r.objectType,
        objectId: r.objectId == null ? 0 : Number(r.objectId),
        attributes: parseJson(r.attributes),
      }));
    },
  );
}
