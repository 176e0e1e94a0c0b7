/**
 * Deleting positions (Traccar's DELETE /positions and /positions/{id}) without orphans: events and camera
 * media that pointed at a deleted position keep their row without the link, and a device whose latest
 * position went points at its latest remaining one. The hourly tallies (and so the report cache) follow
 * by their triggers.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../../../db/database';
import type { Database } from '../../../db/schema';

export interface PositionSelection {
  deviceId: number;
  /** one position by id, or every position whose fix time is in [from, to] */
  id?: number;
  from?: number;
  to?: number;
}

function selected(trx: Transaction<Database>, s: PositionSelection) {
  let q = trx.selectFrom('positions').select('id').where('deviceId', '=', s.deviceId);
  if (s.id !== undefined) q = q.where('id', '=', s.id);
  if (s.from !== undefined) q = q.where('fixTime', '>=', s.from);
  if (s.to !== undefined) q = q.where('fixTime', '<=', s.to);
  return q;
}

/** Deletes the selected positions of one device; the number deleted. */
export async function deletePositions(db: Db, s: PositionSelection): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('events')
      .set({ positionId: null })
      .where('deviceId', '=', s.deviceId)
      .where('positionId', 'in', selected(trx, s))
      .execute();
    await trx
      .updateTable('cameraMedia')
      .set({ positionId: null })
      .where('deviceId', '=', s.deviceId)
      .where('positionId', 'in', selected(trx, s))
      .execute();
    const deleted = await trx.deleteFrom('positions').where('id', 'in', selected(trx, s)).executeTakeFirst();
    const device = await trx
      .selectFrom('devices')
      .select('positionId')
      .where('id', '=', s.deviceId)
      .executeTakeFirst();
    const kept =
      device?.positionId == null
        ? true
        : await trx
            .selectFrom('positions')
            .select('id')
            .where('id', '=', Number(device.positionId))
            .executeTakeFirst();
    if (!kept) {
      const latest = await trx
        .selectFrom('positions')
        .select('id')
        .where('deviceId', '=', s.deviceId)
        .orderBy('fixTime', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      await trx
        .updateTable('devices')
        .set({ positionId: latest ? Number(latest.id) : null })
        .where('id', '=', s.deviceId)
        .execute();
    }
    return Number(deleted.numDeletedRows);
  });
}
