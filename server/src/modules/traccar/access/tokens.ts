/**
 * POST /api/session/token (a token that logs in as the caller until `expiration`, text answer) and POST
 * /api/session/token/revoke. A token may be revoked by the user it logs in as, by the one who issued it
 * (a share) and by administrators; any other token answers 404. Revoking ends the sessions the token
 * opened, and a share's temporary user.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../../services/context';
import { assertNotTemporary, requireScope } from '../../../auth/guard';
import { deleteToken, findToken, issueToken } from '../../../auth/accessTokens';
import { SESSION_COOKIE, deleteTokenSessions, findSession } from '../../../auth/sessions';
import { endShare } from '../../../auth/credentials';
import { recordAction } from '../../../auth/audit';
import { notFound } from '../../../errors';
import { tokenExpiry } from './expiration';

export function tokenRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services;
  const tags = ['session'];

  app.post(
    '/api/session/token',
    {
      schema: {
        tags,
        summary:
          'A token that logs in as the caller (GET /api/session?token=) until expiration (default 7 days)',
        // Traccar sends a form whose expiration is optional; an empty POST (no body at all) is fine too
        body: z.object({ expiration: z.string().max(64).optional() }).nullish(),
      },
    },
    async (req, reply) => {
      const scope = await requireScope(services, req);
      assertNotTemporary(scope);
      const body = (req.body ?? {}) as { expiration?: string };
      // never beyond the session that asks for it (Traccar caps it the same way)
      const session = await findSession(db, req.cookies[SESSION_COOKIE]);
      const expiresAt = tokenExpiry(scope.user, body.expiration || undefined, session?.expiresAt ?? null);
      const token = await issueToken(db, {
        userId: scope.user.id,
        issuedBy: scope.user.id,
        kind: 'session',
        expiresAt,
      });
      await recordAction(db, req, { userId: scope.user.id, actionType: 'create', objectType: 'token' });
      return reply.type('text/plain; charset=utf-8').send(token);
    },
  );

  app.post(
    '/api/session/token/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke a token issued by POST /api/session/token or a share',
        body: z.object({ token: z.string().min(1).max(256) }),
      },
    },
    async (req, reply) => {
      const scope = await requireScope(services, req);
      const { token } = req.body as { token: string };
      const found = await findToken(db, token);
      const mine =
        found && (scope.admin || found.userId === scope.user.id || found.issuedBy === scope.user.id);
      if (!found || !mine) throw notFound('Token not found');
      await deleteToken(db, found.id);
      // Revoking ends access (issue 33, point 7): the sessions the token opened, and for a share the
      // temporary user it created, whose own token would otherwise keep opening it.
      await deleteTokenSessions(db, found.id);
      if (found.kind === 'share') await endShare(db, found.userId);
      await recordAction(db, req, { userId: scope.user.id, actionType: 'remove', objectType: 'token' });
      return reply.code(204).send();
    },
  );
}
