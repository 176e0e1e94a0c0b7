/**
 * Login, logout, token login (a user's own token or one issued by POST /api/session/token or a share),
 * logging in as a managed user (GET /api/session/{id}) and session resume (document 1 §4, §7; issue 23).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services/context';
import { HttpError, badRequest, notFound, unauthorized } from '../errors';
import { isExpired, loadUser, optionalScope, requireScope } from '../auth/guard';
import { verifyPassword } from '../auth/password';
import { SESSION_COOKIE, createSession, deleteSession, findSession } from '../auth/sessions';
import { findToken } from '../auth/accessTokens';
import { userTokenId } from '../auth/credentials';
import { isStrongToken } from '../auth/tokenStrength';
import { recordAction } from '../auth/audit';
import { canSee } from '../auth/policy';
import type { User } from '../db/rows';

function setSessionCookie(reply: FastifyReply, id: string, expiresAt: number, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: new Date(expiresAt),
  });
}

function assertActive(user: User) {
  if (user.disabled) throw badRequest('Utilizador bloqueado (account is disabled)');
  if (isExpired(user)) throw badRequest('Utilizador expirado (account has expired)');
}

const untilOf = (user: User) => (user.expirationTime ? Date.parse(user.expirationTime) : null);
const earliest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

export function sessionRoutes(app: FastifyInstance, services: Services) {
  const { db, throttle } = services;
  const secure = (req: { protocol: string }) => req.protocol === 'https';

  app.post(
    '/api/session',
    {
      schema: {
        tags: ['session'],
        summary: 'Log in with e-mail and password (form)',
        body: z.object({ email: z.string().trim().min(1).max(128), password: z.string().min(1).max(256) }),
      },
    },
    async (req, reply) => {
      const { email, password } = req.body as { email: string; password: string };
      // Refused per (account, address) pair and per address only: the owner still logs in from elsewhere.
      if (await throttle.isRefused(email, req.ip))
        throw new HttpError(429, 'Too many failed logins, try again later');
      // The much-guessed account's wait comes before the user lookup and the password check, and whatever
      // the outcome, so its length tells nothing about the account or the password.
      const wait = await throttle.delayMs(email);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const row = await db.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', email.toLowerCase())
        .executeTakeFirst();
      const user = row ? await loadUser(services, Number(row.id)) : undefined;
      if (!user || !(await verifyPassword(password, user.hashedPassword, user.salt))) {
        await throttle.fail(email, req.ip);
        await recordAction(db, req, { userId: null, actionType: 'denied' });
        throw unauthorized('Endereço de e-mail ou password inválidos (invalid credentials)');
      }
      await throttle.succeed(email, req.ip);
      const { hashedPassword: _h, salt: _s, ...clean } = user;
      assertActive(clean);
      const old = req.cookies[SESSION_COOKIE];
      if (old) await deleteSession(db, old);
      const session = await createSession(db, clean.id, req.ip, untilOf(clean));
      setSessionCookie(reply, session.id, session.expiresAt, secure(req));
      await recordAction(db, req, { userId: clean.id, actionType: 'login' });
      return clean;
    },
  );

  app.get(
    '/api/session',
    {
      schema: {
        tags: ['session'],
        summary: 'Current session user; with ?token= opens a session by token (ends the current one)',
        querystring: z.object({ token: z.string().max(256).optional() }),
      },
    },
    async (req, reply) => {
      const { token } = req.query as { token?: string };
      if (token !== undefined) {
        // Wrong tokens are throttled like wrong passwords (issue 33, point 13).
        if (await throttle.isTokenRefused(req.ip))
          throw new HttpError(429, 'Too many failed logins, try again later');
        await deleteSession(db, req.cookies[SESSION_COOKIE]);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        // A user's own token logs in only when strong (one set before that rule does not); else a token
        // issued by POST /api/session/token or a share (until its expiry).
        const row = isStrongToken(token)
          ? await db.kysely.selectFrom('users').select('id').where('token', '=', token).executeTakeFirst()
          : undefined;
        const issued = row ? undefined : await findToken(db, token);
        const userId = row ? Number(row.id) : issued?.userId;
        const user = userId !== undefined ? await loadUser(services, userId) : undefined;
        if (!user) {
          await throttle.tokenFailed(req.ip);
          await recordAction(db, req, { userId: null, actionType: 'denied' });
          throw unauthorized('Invalid token');
        }
        await throttle.tokenSucceeded(req.ip);
        const { hashedPassword: _h, salt: _s, ...clean } = user;
        assertActive(clean);
        const until = earliest(untilOf(clean), issued?.expiresAt ?? null);
        // the session remembers its token: revoking or replacing the token ends it (issue 33, point 7)
        const tokenId = row ? userTokenId(token) : issued!.id;
        const session = await createSession(db, clean.id, req.ip, until, tokenId);
        setSessionCookie(reply, session.id, session.expiresAt, secure(req));
        await recordAction(db, req, { userId: clean.id, actionType: 'login' });
        return clean;
      }
      const scope = await optionalScope(services, req);
      if (!scope) throw notFound('No session');
      return scope.user;
    },
  );

  app.delete('/api/session', { schema: { tags: ['session'], summary: 'Log out' } }, async (req, reply) => {
    const scope = await optionalScope(services, req);
    if (scope) await recordAction(db, req, { userId: scope.user.id, actionType: 'logout' });
    await deleteSession(db, req.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.code(204).send();
  });

  app.get(
    '/api/session/cookie',
    { schema: { tags: ['session'], summary: 'The session cookie (httpOnly) for the Ctrl+Alt+0 dialog' } },
    async (req) => {
      await requireScope(services, req);
      return { name: SESSION_COOKIE, value: req.cookies[SESSION_COOKIE] };
    },
  );

  app.get(
    '/api/session/:id',
    {
      schema: {
        tags: ['session'],
        summary: 'Log in as another user: administrators, or managers for the users they manage',
        params: z.object({ id: z.coerce.number().int().positive() }),
      },
    },
    async (req, reply) => {
      const scope = await requireScope(services, req);
      const { id } = req.params as { id: number };
      if (scope.temporary || (!scope.admin && scope.user.userLimit === 0)) throw notFound();
      if (!(await canSee(db, scope, 'users', id))) throw notFound();
      const user = await loadUser(services, id);
      if (!user) throw notFound();
      const { hashedPassword: _h, salt: _s, ...clean } = user;
      assertActive(clean);
      await deleteSession(db, req.cookies[SESSION_COOKIE]);
      const session = await createSession(db, clean.id, req.ip, untilOf(clean));
      setSessionCookie(reply, session.id, session.expiresAt, secure(req));
      await recordAction(db, req, {
        userId: scope.user.id,
        actionType: 'login',
        objectType: 'user',
        objectId: clean.id,
      });
      return clean;
    },
  );

  app.post(
    '/api/session/resume',
    {
      schema: {
        tags: ['session'],
        summary: 'Adopt an existing session id given in the page address (sets the httpOnly cookie)',
        body: z.object({ session: z.string().min(1).max(128) }),
      },
    },
    async (req, reply) => {
      const { session } = req.body as { session: string };
      const found = await findSession(db, session);
      const user = found ? await loadUser(services, found.userId) : undefined;
      if (!found || !user) throw notFound('No session');
      const { hashedPassword: _h, salt: _s, ...clean } = user;
      assertActive(clean);
      setSessionCookie(reply, found.id, found.expiresAt, secure(req));
      return clean;
    },
  );
}
