/**
 * Ownership of a maintenance shared by several vehicles (issue 33, defects 1 and 3). A Traccar maintenance
 * linked to more than one vehicle is a root row plus one copy per other vehicle (`templateId`, ON DELETE
 * CASCADE). The vehicles may belong to different clients, so:
 * - through one vehicle (`/report/api.php/maintenance/{vehicleId}/{id}`) only that vehicle's entry changes;
 *   deleting a root first promotes its oldest copy to be the new root, so no other vehicle loses its entry;
 * - the root as a whole (`PUT`/`DELETE /api/maintenance/{id}`) is changed only by a caller who sees every
 *   vehicle it is linked to; anyone else gets 403 (they may still change their own vehicle's entry).
 */
import type { Db } from '../../db/database';
import { visibleIds, type Scope } from '../../auth/policy';
import { forbidden } from '../../errors';

type Row = Record<string, unknown>;

export const SHARED_MAINTENANCE_REFUSED =
  'Esta manutenção está ligada a veículos que não gere: altere-a ou apague-a em cada veículo.';

/** The vehicles a root maintenance and its copies are linked to. */
async function linkedVehicles(db: Db, rootId: number): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('maintenances')
    .select('deviceId')
    .where((eb) => eb.or([eb('id', '=', rootId), eb('templateId', '=', rootId)]))
    .where('deviceId', 'is not', null)
    .execute();
  return [...new Set(rows.map((r) => Number(r.deviceId)))];
}

/** 403 unless the caller sees every vehicle the row (a root) is linked to; copies concern one vehicle. */
export async function assertOwnsShared(db: Db, scope: Scope, row: Row): Promise<void> {
  if (row.templateId != null) return;
  const linked = await linkedVehicles(db, Number(row.id));
  const sub = visibleIds(db, scope, 'devices');
  if (!sub || !linked.length) return;
  const seen = await db.kysely
    .selectFrom('devices')
    .select('id')
    .where('id', 'in', linked)
    .where('id', 'in', sub)
    .execute();
  if (seen.length !== linked.length) throw forbidden(SHARED_MAINTENANCE_REFUSED);
}

/**
 * Deletes one vehicle's entry without touching the others: a root with copies hands its role to its
 * oldest copy (the other copies follow it) before it goes, so the cascade has nothing left to remove.
 */
export async function deleteVehicleEntry(db: Db, id: number, deviceId: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const heir = await trx
      .selectFrom('maintenances')
      .select('id')
      .where('templateId', '=', id)
      .orderBy('id')
      .executeTakeFirst();
    if (heir) {
      const heirId = Number(heir.id);
      await trx.updateTable('maintenances').set({ templateId: null }).where('id', '=', heirId).execute();
      await trx
        .updateTable('maintenances')
        .set({ templateId: heirId })
        .where('templateId', '=', id)
        .execute();
    }
    await trx.deleteFrom('maintenances').where('id', '=', id).where('deviceId', '=', deviceId).execute();
  });
}
