/**
 * Refill stations (document 3 §2, §3): main stations (mainStationId 0) and their auxiliaries. The list is
 * hierarchical: each main station followed by its auxiliaries. `capacity` is the litres a station holds
 * with its auxiliaries (a main's own total_capacity plus theirs; an auxiliary's own).
 */
import type { Db } from '../../db/database';
import { notFound } from '../../errors';

export interface StationJson {
  id: number;
  name: string;
  code: string;
  location: string;
  latitude: number | null;
  longitude: number | null;
  fuel_type: string;
  fuelType: string;
  total_capacity: number;
  capacity: number;
  mainStationId: number;
  userId: number | null;
}

/** A location written as "lat, lon" (decimal degrees) gives the station's pin. */
export function stationPin(location: string): { latitude: number; longitude: number } | null {
  const m = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*[,;\s]\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(location);
  if (!m) return null;
  const latitude = Number(m[1]);
  const longitude = Number(m[2]);
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : null;
}

type StationRow = {
  id: number;
  name: string;
  code: string;
  location: string;
  fuelType: string;
  totalCapacity: number;
  mainStationId: number;
  userId: number | null;
};

/** Stations of the client (every station for administrators), mains each followed by their auxiliaries. */
export async function listStations(db: Db, owners: number[] | undefined): Promise<StationJson[]> {
  let q = db.kysely.selectFrom('refillStations').selectAll().orderBy('name').orderBy('id');
  if (owners) q = q.where('userId', 'in', owners.length ? owners : [-1]);
  const rows: StationRow[] = (await q.execute()).map((r) => ({
    ...r,
    id: Number(r.id),
    totalCapacity: Number(r.totalCapacity),
    mainStationId: Number(r.mainStationId),
    userId: r.userId == null ? null : Number(r.userId),
  }));
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<number, StationRow[]>();
  for (const r of rows)
    if (r.mainStationId && ids.has(r.mainStationId))
      children.set(r.mainStationId, [...(children.get(r.mainStationId) ?? []), r]);
  const json = (r: StationRow, capacity: number): StationJson => {
    const pin = stationPin(r.location);
    return {
      id: r.id,
      name: r.name,
      code: r.code,
      location: r.location,
      latitude: pin?.latitude ?? null,
      longitude: pin?.longitude ?? null,
      fuel_type: r.fuelType,
      fuelType: r.fuelType,
      total_capacity: r.totalCapacity,
      capacity,
      mainStationId: r.mainStationId,
      userId: r.userId,
    };
  };
  const out: StationJson[] = [];
  for (const r of rows) {
    if (r.mainStationId && ids.has(r.mainStationId)) continue;
    const aux = children.get(r.id) ?? [];
    out.push(json(r, r.totalCapacity + aux.reduce((s, a) => s + a.totalCapacity, 0)));
    for (const a of aux) out.push(json(a, a.totalCapacity));
  }
  return out;
}

/**
 * A station of the client by id or by code (case-insensitive). Codes are unique within one client as its
 * users see it; two sibling users' stations may still share one, so a code names the one owned nearest to
 * the asking user: `owners` lists the user first, then the users it manages, then its managers.
 */
export async function findStation(
  db: Db,
  owners: number[] | undefined,
  match: { id?: number; code?: string },
): Promise<StationJson> {
  const all = await listStations(db, owners);
  const code = match.code?.trim().toLowerCase();
  const rank = (s: StationJson) => {
    const at = owners && s.userId !== null ? owners.indexOf(s.userId) : -1;
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  const station =
    match.id !== undefined
      ? all.find((s) => s.id === match.id)
      : all.filter((s) => s.code.toLowerCase() === code).sort((a, b) => rank(a) - rank(b) || a.id - b.id)[0];
  if (!station) throw notFound();
  return station;
}
