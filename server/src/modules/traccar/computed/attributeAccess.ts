/**
 * Who sees which computed attribute (ARCHITECTURE §6 with Traccar's rules): administrators see all; any
 * other user the attributes linked to it or to a user it manages. Only administrators create, change,
 * delete and test them, as in Traccar: an expression rewrites the positions of every user of the device.
 */
import type { Db } from '../../../db/database';
import type { Scope } from '../../../auth/policy';
import { assertCanWrite } from '../../../auth/guard';
import { forbidden, notFound } from '../../../errors';

export function visibleAttributes(db: Db, scope: Scope) {
  const q = db.kysely.selectFrom('computedAttributes').selectAll();
  if (scope.admin) return q;
  return q.where(
    'id',
    'in',
    db.kysely.selectFrom('userComputedAttribute').select('attributeId').where('userId', 'in', scope.userIds),
  );
}

export async function visibleAttribute(db: Db, scope: Scope, id: number): Promise<Record<string, unknown>> {
  const row = await visibleAttributes(db, scope).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`attributeId ${id} not found`);
  return row as Record<string, unknown>;
}

export function assertAttributeAdmin(scope: Scope): void {
  assertCanWrite(scope);
  if (!scope.admin) throw forbidden('Administrator access required');
}
