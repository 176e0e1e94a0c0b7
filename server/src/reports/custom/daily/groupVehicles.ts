/**
 * The groups of the group reports: the groups of the selected vehicles, plus the groups listed in
 * `groups` (with their vehicles the user sees); vehicles without a group go under "Sem grupo".
 */
import type { ReportContext, VehicleInfo } from '../../context';
import { loadVehicles } from '../../context';
import { whereVisible } from '../../../auth/policy';
import { notFound } from '../../../errors';

export const NO_GROUP = 'Sem grupo';

export interface VehicleGroup {
  /** null for the vehicles without a group */
  id: number | null;
  name: string;
  vehicles: VehicleInfo[];
}

export async function groupVehicles(ctx: ReportContext): Promise<VehicleGroup[]> {
  const k = ctx.db.kysely;
  const asked = ctx.request.groups;
  const groups = new Map<number, string>();
  if (asked.length) {
    let q = k.selectFrom('groups').select(['id', 'name']).where('id', 'in', asked);
    q = whereVisible(q, 'groups.id', ctx.db, ctx.scope, 'groups');
    const rows = await q.execute();
    if (rows.length !== asked.length) throw notFound();
    for (const r of rows) groups.set(Number(r.id), r.name);
  }
  const vehicles = [...ctx.vehicles];
  if (asked.length) {
    let q = k
      .selectFrom('devices')
      .select('devices.id')
      .where('devices.groupId', 'in', asked)
      .orderBy('devices.id');
    q = whereVisible(q, 'devices.id', ctx.db, ctx.scope, 'devices');
    const have = new Set(vehicles.map((v) => v.id));
    const extra = (await q.execute()).map((r) => Number(r.id)).filter((id) => !have.has(id));
    vehicles.push(...(await loadVehicles(ctx.db, ctx.scope, extra)));
  }
  const rows = vehicles.length
    ? await k
        .selectFrom('devices')
        .leftJoin('groups', 'groups.id', 'devices.groupId')
        .select(['devices.id', 'devices.groupId', 'groups.name'])
        .where(
          'devices.id',
          'in',
          vehicles.map((v) => v.id),
        )
        .execute()
    : [];
  const groupOf = new Map(rows.map((r) => [Number(r.id), r.groupId === null ? null : Number(r.groupId)]));
  for (const r of rows) if (r.groupId !== null && r.name !== null) groups.set(Number(r.groupId), r.name);
  const out = new Map<number | null, VehicleGroup>();
  for (const [id, name] of groups) out.set(id, { id, name, vehicles: [] });
  for (const v of vehicles) {
    const id = groupOf.get(v.id) ?? null;
    if (!out.has(id)) out.set(id, { id, name: NO_GROUP, vehicles: [] });
    out.get(id)!.vehicles.push(v);
  }
  return [...out.values()].sort((a, b) =>
    a.id === null ? 1 : b.id === null ? -1 : a.name.localeCompare(b.name, 'pt'),
  );
}
