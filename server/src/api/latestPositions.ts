/** The latest position of every vehicle a scope sees, as rows (GET /api/positions and the socket's first message). */
import type { NotNull } from 'kysely';
import type { Db } from '../db/database';
import { whereVisible, type Scope } from '../auth/policy';

export function latestPositionRows(db: Db, scope: Scope) {
  const k = db.kysely;
  return whereVisible(
    k
      .selectFrom('positions')
      .selectAll()
      .where(
        'id',
        'in',
        k
          .selectFrom('devices')
          .select('positionId')
          .where('positionId', 'is not', null)
          .$narrowType<{ positionId: NotNull }>(),
      ),
    'deviceId',
    db,
    scope,
    'devices',
  ).execute();
}
