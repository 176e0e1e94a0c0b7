/**
 * Camera media rows as the lists answer them (document 3 §3 camera media): id, type P/V, camera F/R,
 * camera_date in the user's timezone, the trigger's label name, place, and where to fetch the bytes.
 */
import { cameraTriggerName } from '@frota/core';
import type { Db } from '../../db/database';
import type { PrivacyFilter } from '../../auth/privacy';
import type { Zone } from '../../track/timezone';

export const MEDIA_BASE = '/report/api.php/media';

export interface CameraMediaJson {
  id: number;
  deviceId: number;
  type: string;
  camera: string;
  camera_date: string;
  cameraDate: string;
  trigger: string;
  trigger_mask: number;
  latitude: number | null;
  longitude: number | null;
  address: string | null;
  status: string;
  mime: string;
  size: number;
  duration: number | null;
  fileName: string;
  url: string;
  download: string;
}

/** Every column but the bytes. */
export function mediaQuery(db: Db) {
  return db.kysely
    .selectFrom('cameraMedia')
    .select([
      'cameraMedia.id',
      'cameraMedia.deviceId',
      'cameraMedia.type',
      'cameraMedia.camera',
      'cameraMedia.time',
      'cameraMedia.trigger',
      'cameraMedia.latitude',
      'cameraMedia.longitude',
      'cameraMedia.address',
      'cameraMedia.positionId',
      'cameraMedia.status',
      'cameraMedia.mime',
      'cameraMedia.size',
      'cameraMedia.duration',
      'cameraMedia.fileName',
    ]);
}

export type MediaRow = Awaited<ReturnType<ReturnType<typeof mediaQuery>['executeTakeFirstOrThrow']>>;

const num = (v: unknown): number | null => (v == null ? null : Number(v));

export function mediaJson(row: MediaRow, vehicleName: string, zone: Zone): CameraMediaJson {
  const id = Number(row.id);
  const time = Number(row.time);
  const mask = Number(row.trigger ?? 0);
  return {
    id,
    deviceId: Number(row.deviceId),
    type: row.type,
    camera: row.camera,
    camera_date: zone.local(time),
    cameraDate: new Date(time).toISOString(),
    trigger: cameraTriggerName(mask),
    trigger_mask: mask,
    latitude: num(row.latitude),
    longitude: num(row.longitude),
    address: row.address ?? null,
    status: row.status,
    mime: row.mime,
    size: Number(row.size),
    duration: num(row.duration),
    fileName: row.fileName,
    url: `${MEDIA_BASE}/${id}`,
    download: `${MEDIA_BASE}/${id}/${encodeURIComponent(vehicleName)}`,
  };
}

/**
 * The media rows with their place removed where the user may not see it: a private vehicle, or a capture
 * tied to a position sent in privacy mode (the privacy rule of auth/privacy.ts).
 */
export async function placesFor(db: Db, privacy: PrivacyFilter, rows: MediaRow[]): Promise<MediaRow[]> {
  const hidden = await privacy.hiddenRows(
    db,
    rows.map((r) => ({ deviceId: Number(r.deviceId), positionId: num(r.positionId) })),
  );
  return rows.map((r, i) => (hidden[i] ? { ...r, latitude: null, longitude: null, address: null } : r));
}

/**
 * The latest media of each camera side (F road, R driver) of the given vehicles: the newest capture time,
 * the highest id among equal times.
 */
export async function latestMedia(
  db: Db,
  deviceIds: number[],
): Promise<Map<number, { F?: MediaRow; R?: MediaRow }>> {
  const out = new Map<number, { F?: MediaRow; R?: MediaRow }>();
  if (!deviceIds.length) return out;
  const rows = await mediaQuery(db)
    .where('cameraMedia.deviceId', 'in', deviceIds)
    .where((eb) =>
      eb(
        'cameraMedia.time',
        '=',
        eb
          .selectFrom('cameraMedia as latest')
          .select((s) => s.fn.max('latest.time').as('time'))
          .whereRef('latest.deviceId', '=', 'cameraMedia.deviceId')
          .whereRef('latest.camera', '=', 'cameraMedia.camera'),
      ),
    )
    .orderBy('cameraMedia.id')
    .execute();
  for (const row of rows) {
    const side = row.camera === 'F' ? 'F' : 'R';
    const deviceId = Number(row.deviceId);
    const entry = out.get(deviceId) ?? {};
    entry[side] = row; // ascending ids: the last one wins
    out.set(deviceId, entry);
  }
  return out;
}
