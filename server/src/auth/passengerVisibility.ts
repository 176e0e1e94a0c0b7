/** Which passengers a scope sees: those of its users and of its groups (the passengers module, §6). */
import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import type { Scope } from './policy';

/** The query limited to the passengers the scope sees. */
export function visiblePassengers<O>(
  q: SelectQueryBuilder<Database, 'passengers', O>,
  scope: Scope,
): SelectQueryBuilder<Database, 'passengers', O> {
  if (scope.admin) return q;
  const { userIds, groupIds } = scope;
  return q.where((eb) =>
    eb.or([
      eb('passengers.userId', 'in', userIds),
      groupIds.length ? eb('passengers.groupId', 'in', groupIds) : sql<SqlBool>`1 = 0`,
    ]),
  );
}
