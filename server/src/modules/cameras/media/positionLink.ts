/**
 * Where a camera file was taken: the vehicle's position nearest to the capture time, when one lies within
 * LINK_WINDOW_MS of it (its stored address, or one looked up with the server's geocoder); else the camera's own
 * coordinates from the metadata, when it sent them; else nothing.
 */
import type { Db } from '../../../db/database';

export const LINK_WINDOW_MS = 5 * 60_000;

export interface MediaPlace {
  latitude: number | null;
  longitude: number | null;
  address: string | null;
  positionId: number | null;
}

export type AddressLookup = (latitude: number, longitude: number) => Promise<string | null>;

interface Near {
  id: number;
  fixTime: number;
  latitude: number;
  longitude: number;
  address: string | null;
}

/** The stored position of the device nearest to `time` within the window, either side. */
export async function nearestPosition(
  db: Db,
  deviceId: number,
  time: number,
  windowMs = LINK_WINDOW_MS,
): Promise<Near | undefined> {
  const base = () =>
    db.kysely
      .selectFrom('positions')
      .select(['id', 'fixTime', 'latitude', 'longitude', 'address'])
      .where('deviceId', '=', deviceId);
  const [before, after] = await Promise.all([
    base()
      .where('fixTime', '<=', time)
      .where('fixTime', '>=', time - windowMs)
      .orderBy('fixTime', 'desc')
      .limit(1)
      .executeTakeFirst(),
    base()
      .where('fixTime', '>', time)
      .where('fixTime', '<=', time + windowMs)
      .orderBy('fixTime', 'asc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const rows = [before, after]
    .filter((r): r is NonNullable<typeof r> => !!r)
    .map((r) => ({
      id: Number(r.id),
      fixTime: Number(r.fixTime),
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      address: r.address,
    }));
  rows.sort((a, b) => Math.abs(a.fixTime - time) - Math.abs(b.fixTime - time));
  return rows[0];
}

export async function placeOf(
  db: Db,
  deviceId: number,
  time: number,
  camera: { latitude?: number; longitude?: number } | undefined,
  lookup?: AddressLookup,
): Promise<MediaPlace> {
  const address = async (lat: number, lon: number) => {
    if (!lookup) return null;
    try {
      return await lookup(lat, lon);
    } catch {
      return null;
    }
  };
  const near = await nearestPosition(db, deviceId, time);
  if (near)
    return {
      latitude: near.latitude,
      longitude: near.longitude,
      address: near.address || (await address(near.latitude, near.longitude)),
      positionId: near.id,
    };
  if (camera?.latitude !== undefined && camera.longitude !== undefined)
    return {
      latitude: camera.latitude,
      longitude: camera.longitude,
      address: await address(camera.latitude, camera.longitude),
      positionId: null,
    };
  return { latitude: null, longitude: null, address: null, positionId: null };
}
