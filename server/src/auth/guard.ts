/** Resolves the session user of a request and enforces the route-level rules of the access policy. */
import type { FastifyRequest } from 'fastify';
import { hasPermission } from '@frota/core';
import type { Db } from '../db/database';
import { forbidden, unauthorized } from '../errors';
import { userJson, type User } from '../db/rows';
import { scopeFor, type Scope } from './policy';
import { SESSION_COOKIE, findSession } from './sessions';

/** What the guard reads of the service context: the database (callers pass the whole context). */
type WithDb = { db: Db };

declare module 'fastify' {
  interface FastifyRequest {
    frotaScope?: Scope | null;
  }
}

export async function loadUser(
  services: WithDb,
  id: number,
): Promise<(User & { hashedPassword: string | null; salt: string | null }) | undefined> {
  const row = await services.db.kysely
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...userJson(row), hashedPassword: row.hashedPassword, salt: row.salt } : undefined;
}

export function isExpired(user: Pick<User, 'expirationTime'>, now = Date.now()): boolean {
  return user.expirationTime != null && Date.parse(user.expirationTime) <= now;
}

/** The scope of the logged-in user, or null. Disabled and expired users have no session. */
export async function optionalScope(services: WithDb, req: FastifyRequest): Promise<Scope | null> {
  if (req.frotaScope !== undefined) return req.frotaScope;
  const session = await findSession(services.db, req.cookies[SESSION_COOKIE]);
  const user = session ? await loadUser(services, session.userId) : undefined;
  if (!user || user.disabled || isExpired(user)) {
    req.frotaScope = null;
    return null;
  }
  const { hashedPassword: _h, salt: _s, ...clean } = user;
  req.frotaScope = { ...(await scopeFor(services.db, clean)), sessionId: session!.id };
  return req.frotaScope;
}

export async function requireScope(services: WithDb, req: FastifyRequest): Promise<Scope> {
  const scope = await optionalScope(services, req);
  if (!scope) throw unauthorized('Unauthorized');
  return scope;
}

/** Writes need a user that is not read-only, not temporary, and holds the permission (prefix match). */
export function assertCanWrite(scope: Scope, permission?: string | string[]): void {
  if (scope.user.readonly || scope.temporary) throw forbidden('Read-only user');
  if (!permission || scope.admin) return;
  const wanted = Array.isArray(permission) ? permission : [permission];
  if (!wanted.some((p) => hasPermission(scope.user, p)))
    throw forbidden(`Missing permission ${wanted.join(' or ')}`);
}

export function assertPermission(scope: Scope, permission: string): void {
  if (!hasPermission(scope.user, permission)) throw forbidden(`Missing permission ${permission}`);
}

export function assertNotTemporary(scope: Scope): void {
  if (scope.temporary) throw forbidden('Not allowed for temporary access');
}
