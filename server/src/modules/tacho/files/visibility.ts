/**
 * Who sees a tachograph file (ARCHITECTURE §6, issue 20 item 5, issue 33): administrators; users who see the
 * vehicle or the driver it is linked to (links made at upload among the rows the uploader saw); and the user
 * who uploaded it and the users who manage that user (the scope's user ids), so a file that matched no vehicle
 * or driver is not lost. Never by the card number or plate it bears: a file naming another client's card is
 * not that client's. A file a user may not see answers 404.
 */
import { expressionBuilder, sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/database';
import type { Database } from '../../../db/schema';
import type { Services } from '../../../services/context';
import { requireScope, assertPermission } from '../../../auth/guard';
import { visibleIds, type Scope } from '../../../auth/policy';

export const TACHO_FILES_PERMISSION = 'tacho.files';

/** The session user holding `tacho.files` (administrators always), else 401/403. */
export async function tachoFilesScope(services: Services, req: FastifyRequest): Promise<Scope> {
  const scope = await requireScope(services, req);
  if (!scope.admin) assertPermission(scope, TACHO_FILES_PERMISSION);
  return scope;
}

/** The query (of `tachoFiles`, maybe joined to other tables) restricted to the files the scope sees. */
export function fileVisibility<TB extends keyof Database, O>(
  db: Db,
  scope: Scope,
  q: SelectQueryBuilder<Database, TB, O>,
): SelectQueryBuilder<Database, TB, O> {
  if (scope.admin) return q;
  const devices = visibleIds(db, scope, 'devices');
  const drivers = visibleIds(db, scope, 'drivers');
  const eb = expressionBuilder<Database, 'tachoFiles'>();
  return q.where(
    eb.or([
      devices ? eb('tachoFiles.deviceId', 'in', devices) : sql<SqlBool>`1 = 1`,
      drivers ? eb('tachoFiles.driverId', 'in', drivers) : sql<SqlBool>`1 = 1`,
      eb('tachoFiles.uploadedBy', 'in', scope.userIds),
    ]),
  );
}
