/**
 * Deleting positions (Traccar's DELETE /positions and /positions/{id}) without orphans: events and camera
 * media that pointed at a deleted position keep their row without the link, and a device whose latest
 * position went points at its latest remaining one. The hourly tallies (and so the report cache) follow
 * by their triggers; the segments made of them are forgotten and computed again by the segments job.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { forgetSegmentsFrom } from '../../../track/segments/rebuild';

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
  const { deleted, from } = await deleteRows(db, s);
  if (deleted > 0 && from !== undefined) await forgetSegmentsFrom(db, s.deviceId, from);
  return deleted;
}

async function deleteRows(db: Db, s: PositionSelection): Promise<{ deleted: number; from?: number }> {
  return db.kysely.transaction().execute(async (trx) => {
    const first = await trx
      .selectFrom('positions')
      .select((e) => e.fn.min('fixTime').as('time'))
      .where('id', 'in', selected(trx, s))
      .executeTakeFirst();
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
    const from = first?.time == null ? undefined : Number(first.time);
    return { deleted: Number(deleted.numDeletedRows), from };
  });
}
