/**
 * Traccar's devices report (GET /api/reports/devices/{xlsx|mail}): every vehicle the user sees with the
 * columns of Traccar's devices.xlsx (name, unique id, phone, model, contact, status, last update and the
 * address of its latest position, blanked for a private one).
 */
import type { Db } from '../../../db/database';
import { whereVisible, type Scope } from '../../../auth/policy';
import { PrivacyFilter } from '../../../auth/privacy';
import { parseJson, toIso } from '../../../db/mapping';

export async function devicesReport(db: Db, scope: Scope): Promise<Array<Record<string, unknown>>> {
  let q = db.kysely
    .selectFrom('devices')
    .leftJoin('positions', 'positions.id', 'devices.positionId')
    .select([
      'devices.id',
      'devices.name',
      'devices.uniqueId',
      'devices.phone',
      'devices.model',
      'devices.contact',
      'devices.status',
      'devices.lastUpdate',
      'positions.address',
      'positions.attributes',
    ])
    .orderBy('devices.name')
    .orderBy('devices.id');
  q = whereVisible(q, 'devices.id', db, scope, 'devices');
  const rows = await q.execute();
  const privacy = await PrivacyFilter.for(
    db,
    scope.user,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => ({
    name: r.name,
    uniqueId: r.uniqueId,
    phone: r.phone ?? null,
    model: r.model ?? null,
    contact: r.contact ?? null,
    status: r.status ?? 'offline',
    lastUpdate: toIso(r.lastUpdate == null ? null : Number(r.lastUpdate)),
    address: privacy.hides(Number(r.id), parseJson(r.attributes)) ? null : (r.address ?? null),
  }));
}
