/** The positions of one device in a period, as the user may read them: visible device, history window, privacy. */
import type { Services } from '../../../services/context';
import { canSee, type Scope } from '../../../auth/policy';
import { PrivacyFilter } from '../../../auth/privacy';
import { historyWindow } from '../../../auth/historyWindow';
import { loadZones } from '../../../reports/context';
import { notFound } from '../../../errors';
import { positionJson, type Position } from '../../../db/rows';

/** As many positions as GET /api/positions answers for a history. */
export const MAX_EXPORT_POSITIONS = 100_000;

export interface HistoryRequest {
  deviceId: number;
  from: number;
  to: number;
  /** only positions inside this zone (Traccar's geofenceId); 404 when the user does not see it */
  geofenceId?: number;
}

export async function deviceHistory(
  services: Services,
  scope: Scope,
  q: HistoryRequest,
): Promise<{ deviceName: string; positions: Position[] }> {
  const { db } = services;
  if (!(await canSee(db, scope, 'devices', q.deviceId))) throw notFound();
  const [from, to] = historyWindow(scope, q.from, q.to);
  const device = await db.kysely
    .selectFrom('devices')
    .select('name')
    .where('id', '=', q.deviceId)
    .executeTakeFirstOrThrow();
  const zones = q.geofenceId ? await loadZones(db, scope, [q.geofenceId]) : undefined;
  if (from > to) return { deviceName: device.name, positions: [] };
  const rows = await db.kysely
    .selectFrom('positions')
    .selectAll()
    .where('deviceId', '=', q.deviceId)
    .where('fixTime', '>=', from)
    .where('fixTime', '<=', to)
    .orderBy('fixTime')
    .limit(MAX_EXPORT_POSITIONS)
    .execute();
  const privacy = await PrivacyFilter.for(db, scope.user, [q.deviceId]);
  const positions = rows
    .map(positionJson)
    .filter((p) => !zones || zones.inside(p.latitude, p.longitude).length > 0)
    .map((p) => privacy.apply(p));
  return { deviceName: device.name, positions };
}
