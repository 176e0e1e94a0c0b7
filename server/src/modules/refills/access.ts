/**
 * Who reaches what in the refill area (ARCHITECTURE §6, document 3 §6): refills follow their vehicle (a
 * vehicle the user does not see answers 404); stations and operators belong to a client, the user tree of
 * the user who created them, so a user sees those of itself, of the users it manages and of its managers.
 */
import type { FastifyRequest } from 'fastify';
import { REFILL_PERMISSIONS, REFILLS_PERMISSION, hasPermission } from '@frota/core';
import type { Db } from '../../db/database';
import type { Services } from '../../services/context';
import { requireScope, assertCanWrite } from '../../auth/guard';
import { visibleIds, whereVisible, type Scope } from '../../auth/policy';
import { forbidden, notFound } from '../../errors';

export const MANAGERS_ONLY = 'Apenas gestores (utilizadores com limite de utilizadores)';
export const OWNER_ONLY = 'Apenas o utilizador que o criou, ou quem gere esse utilizador, o pode alterar';

/** The session user with module.refills or management.summary (the per-vehicle refills). */
export async function refillScope(services: Services, req: FastifyRequest, centre = false): Promise<Scope> {
  const scope = await requireScope(services, req);
  const wanted = centre ? [REFILLS_PERMISSION] : REFILL_PERMISSIONS;
  if (!scope.admin && !wanted.some((p) => hasPermission(scope.user, p)))
    throw forbidden(`Missing permission ${wanted.join(' or ')}`);
  return scope;
}

export function assertRefillWrite(scope: Scope, centre = false): void {
  assertCanWrite(scope, centre ? REFILLS_PERMISSION : REFILL_PERMISSIONS);
}

/** Deleting refills, editing stations and fixing km and hours: users whose userLimit is set and not 0. */
export const isManager = (scope: Scope): boolean => scope.admin || scope.user.userLimit !== 0;

export function assertManager(scope: Scope): void {
  if (!isManager(scope)) throw forbidden(MANAGERS_ONLY);
}

/**
 * Writes to a client row (a station; an operator, which carries credentials and runs with its creator's
 * scope) need the power to manage its creator: the creator itself, a user who manages it (directly or
 * through managers it manages) or an administrator. Reading stays client-wide, so a colleague or a managed
 * user sees its managers' rows but cannot rewrite them (issue 33: module permissions are walls).
 */
export function assertManagesOwner(scope: Scope, ownerId: number | null): void {
  if (scope.admin) return;
  if (ownerId === null || !scope.userIds.includes(ownerId)) throw forbidden(OWNER_ONLY);
}

/** A vehicle the scope sees, or 404. */
export async function assertVehicle(db: Db, scope: Scope, deviceId: number): Promise<void> {
  let q = db.kysely.selectFrom('devices').select('devices.id').where('devices.id', '=', deviceId);
  q = whereVisible(q, 'devices.id', db, scope, 'devices');
  if (!(await q.executeTakeFirst())) throw notFound();
}

/** Ids of the vehicles the scope sees; undefined for administrators (every vehicle). */
export async function vehicleIds(db: Db, scope: Scope): Promise<number[] | undefined> {
  const sub = visibleIds(db, scope, 'devices');
  if (!sub) return undefined;
  return (await sub.execute()).map((r) => Number(r.id));
}

/** The users whose stations and operators the scope sees (its client); undefined for administrators. */
export async function clientUserIds(db: Db, scope: Scope): Promise<number[] | undefined> {
  if (scope.admin) return undefined;
  const seen = new Set(scope.userIds);
  let frontier = [scope.user.id];
  while (frontier.length) {
    const managers = (
      await db.kysely.selectFrom('userUser').select('userId').where('managedUserId', 'in', frontier).execute()
    )
      .map((r) => Number(r.userId))
      .filter((id) => !seen.has(id));
    managers.forEach((id) => seen.add(id));
    frontier = managers;
  }
  return [...seen];
}
