/**
 * Who may use the management calls (document 3 §6): the permission management.summary, never temporary
 * users; writes also not read-only users. A vehicle the user does not see answers 404 (ARCHITECTURE §6).
 */
import type { FastifyRequest } from 'fastify';
import { todayIn } from '@frota/core';
import type { Services } from '../../services/context';
import type { Db } from '../../db/database';
import { assertCanWrite, assertNotTemporary, assertPermission, requireScope } from '../../auth/guard';
import { whereVisible, type Scope } from '../../auth/policy';
import { parseJson } from '../../db/mapping';
import { notFound } from '../../errors';

export const MANAGEMENT_PERMISSION = 'management.summary';
const DEFAULT_TIMEZONE = 'Africa/Luanda';

export async function managementScope(
  services: Services,
  req: FastifyRequest,
  write = false,
): Promise<Scope> {
  const scope = await requireScope(services, req);
  assertNotTemporary(scope);
  assertPermission(scope, MANAGEMENT_PERMISSION);
  if (write) assertCanWrite(scope, MANAGEMENT_PERMISSION);
  return scope;
}

export interface ManagedVehicle {
  id: number;
  name: string;
  licensePlate: string | null;
  attributes: Record<string, unknown>;
}

export const licensePlateOf = (attributes: Record<string, unknown>): string | null => {
  const plate = attributes.license_plate ?? attributes.licensePlate;
  return typeof plate === 'string' && plate.trim() ? plate.trim() : null;
};

/** The vehicle when the user sees it, else 404. */
export async function visibleVehicle(db: Db, scope: Scope, id: number): Promise<ManagedVehicle> {
  let q = db.kysely.selectFrom('devices').select(['id', 'name', 'attributes']).where('id', '=', id);
  q = whereVisible(q, 'id', db, scope, 'devices');
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  const attributes = parseJson(row.attributes);
  return { id: Number(row.id), name: row.name, licensePlate: licensePlateOf(attributes), attributes };
}

/** Today as a calendar day in the user's timezone. */
export function userToday(scope: Scope, now = Date.now()): string {
  const zone = scope.user.attributes?.timezone;
  return todayIn(typeof zone === 'string' && zone ? zone : DEFAULT_TIMEZONE, now);
}
