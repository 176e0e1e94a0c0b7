/** The web map bench's fleet: devices and latest positions written straight into the database, and one
 * round of OsmAnd reports (one new position per device) sent through the real listener. */
import { fromBool, toJson } from '../../server/src/db/mapping';
import type { Db } from '../../server/src/db/database';

export const CENTRE = { latitude: -8.85, longitude: 13.25 };
const FIRST_ID = 866000000000000;
const CHUNK = 500;

export interface BenchVehicle {
  id: number;
  uniqueId: string;
  latitude: number;
  longitude: number;
}

/** A spread of about 40 x 40 km around Luanda, the same for every run. */
function place(i: number): { latitude: number; longitude: number } {
  const a = (i * 2.399963) % (2 * Math.PI);
  const r = 0.2 * Math.sqrt((i + 0.5) / 10_000);
  return { latitude: CENTRE.latitude + r * Math.sin(a), longitude: CENTRE.longitude + r * Math.cos(a) };
}

export async function seedFleet(db: Db, count: number): Promise<BenchVehicle[]> {
  const now = Date.now();
  const vehicles: BenchVehicle[] = [];
  for (let start = 0; start < count; start += CHUNK) {
    const size = Math.min(CHUNK, count - start);
    const rows = Array.from({ length: size }, (_, j) => {
      const i = start + j;
      return {
        name: `Bench ${String(i).padStart(5, '0')}`,
        uniqueId: String(FIRST_ID + i),
        groupId: null,
        category: i % 3 === 0 ? 'truck' : i % 3 === 1 ? 'car' : 'van',
        phone: null,
        model: 'OsmAnd',
        contact: null,
        disabled: fromBool(db.dialect, false),
        // already online: the bench's reports raise no deviceOnline events (no toasts in the flush)
        status: 'online',
        lastUpdate: now,
        positionId: null,
        attributes: toJson({ license_plate: `LD-${String(i).padStart(5, '0')}-BN` }),
      };
    });
    const inserted = await db.kysely
      .insertInto('devices')
      .values(rows)
      .returning(['id', 'uniqueId'])
      .execute();
    const positions = inserted.map((row, j) => {
      const at = place(start + j);
      return {
        deviceId: Number(row.id),
        protocol: 'osmand',
        serverTime: now,
        deviceTime: now - 60_000,
        fixTime: now - 60_000,
        valid: fromBool(db.dialect, true),
        latitude: at.latitude,
        longitude: at.longitude,
        altitude: 0,
        speed: 20,
        course: (start + j) % 360,
        accuracy: 0,
        address: null,
        event: null,
        attributes: toJson({ ignition: true, power: 12.8, totalDistance: 1000 * (start + j) }),
      };
    });
    const ids = await db.kysely
      .insertInto('positions')
      .values(positions)
      .returning(['id', 'deviceId'])
      .execute();
    for (const row of ids) {
      await db.kysely
        .updateTable('devices')
        .set({ positionId: Number(row.id) })
        .where('id', '=', Number(row.deviceId))
        .execute();
    }
    inserted.forEach((row, j) =>
      vehicles.push({ id: Number(row.id), uniqueId: String(row.uniqueId), ...place(start + j) }),
    );
  }
  return vehicles;
}

/** One report per vehicle, a little further along, through the OsmAnd port (HTTP keep-alive, 64 at a time). */
export async function reportRound(
  port: number,
  vehicles: readonly BenchVehicle[],
  round: number,
): Promise<number> {
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < vehicles.length) {
      const v = vehicles[next++];
      const params = new URLSearchParams({
        id: v.uniqueId,
        lat: String(v.latitude + 0.0004 * round),
        lon: String(v.longitude + 0.0004 * round),
        timestamp: String(Math.floor(Date.now() / 1000)),
        speed: '20',
        bearing: '45',
        ignition: 'true',
        power: '12.8',
      });
      const response = await fetch(`http://127.0.0.1:${port}/?${params.toString()}`);
      if (!response.ok) throw new Error(`osmand ${v.uniqueId}: ${response.status}`);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 64 }, worker));
  return Date.now() - started;
}
