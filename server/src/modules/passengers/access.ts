/**
 * Who may use the passenger calls (issue 22, ARCHITECTURE §6): permission passengers.passenger or
 * passengers.vehicle (either), never temporary users, writes not read-only users. Administrators see every
 * passenger; a user sees those he (or a user he manages) created and those of the groups he sees. Another
 * passenger answers 404.
 */
import type { FastifyRequest } from 'fastify';
import { hasPermission, PASSENGER_PERMISSIONS } from '@frota/core';
import type { Services } from '../../services/context';
import { assertCanWrite, assertNotTemporary, requireScope } from '../../auth/guard';
import { canSee, type Scope } from '../../auth/policy';
import { forbidden, notFound } from '../../errors';

export async function passengerScope(services: Services, req: FastifyRequest, write = false): Promise<Scope> {
  const scope = await requireScope(services, req);
  assertNotTemporary(scope);
  if (!PASSENGER_PERMISSIONS.some((p) => hasPermission(scope.user, p)))
    throw forbidden(`Missing permission ${PASSENGER_PERMISSIONS.join(' or ')}`);
  if (write) assertCanWrite(scope, [...PASSENGER_PERMISSIONS]);
  return scope;
}

export { visiblePassengers } from '../../auth/passengerVisibility';

/** A group given to a passenger must be one the user sees (404 otherwise, as for any hidden row). */
export async function assertGroupVisible(services: Services, scope: Scope, groupId: number | null) {
  if (groupId !== null && !(await canSee(services.db, scope, 'groups', groupId))) throw notFound();
}
