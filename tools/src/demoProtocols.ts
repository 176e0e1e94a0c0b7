/**
 * The demo's vehicles of the other protocols (issue 37): one tracker each of GT06, H02, Queclink, Coban, a
 * Wialon IPS retransmission and one behind a Traccar server forwarding, driven by the simulator after the
 * Teltonika fleet (`--also demo`; the Traccar one needs FROTA_FORWARD_TOKEN, which `npm run demo` sets).
 */
import type { FramedProtocol } from '../../server/src/config';
import type { Db } from '../../server/src/db/database';
import { fromBool, toJson } from '../../server/src/db/mapping';

export interface DemoProtocolVehicle {
  protocol: FramedProtocol | 'traccar';
  uniqueId: string;
  name: string;
  category: string;
  model: string;
  /** The odometer the vehicle had when it got its tracker (km): these trackers send none of their own. */
  odometerKm: number;
}

export const DEMO_PROTOCOL_VEHICLES: readonly DemoProtocolVehicle[] = [
  {
    protocol: 'gt06',
    uniqueId: '356307042440026',
    name: 'LD-36-52-GT',
    category: 'car',
    model: 'Concox GT06N',
    odometerKm: 61240,
  },
  {
    protocol: 'h02',
    uniqueId: '356307042440027',
    name: 'LD-37-59-HQ',
    category: 'pickup',
    model: 'Sinotrack ST-901',
    odometerKm: 38915,
  },
  {
    protocol: 'gl200',
    uniqueId: '356307042440028',
    name: 'LD-38-66-QL',
    category: 'van',
    model: 'Queclink GV300',
    odometerKm: 44790,
  },
  {
    protocol: 'gps103',
    uniqueId: '356307042440029',
    name: 'LD-39-73-CB',
    category: 'truck',
    model: 'Coban TK103B',
    odometerKm: 127460,
  },
  {
    protocol: 'wialon',
    uniqueId: '356307042440030',
    name: 'LD-40-80-WL',
    category: 'car',
    model: 'Wialon IPS',
    odometerKm: 52380,
  },
  {
    protocol: 'traccar',
    uniqueId: '356307042440031',
    name: 'LD-41-87-TC',
    category: 'van',
    model: 'Via Traccar',
    odometerKm: 29870,
  },
];

/** The simulator's `--also` entries for them. */
export const demoProtocolEntries = (): string =>
  DEMO_PROTOCOL_VEHICLES.map((v) => `${v.protocol}=${v.uniqueId}`).join(',');

/** Adds the ones missing (a demo seeded before them gets them too) to the group given. */
export async function seedProtocolVehicles(db: Db, groupId: number | null): Promise<void> {
  const present = await db.kysely
    .selectFrom('devices')
    .select('uniqueId')
    .where(
      'uniqueId',
      'in',
      DEMO_PROTOCOL_VEHICLES.map((v) => v.uniqueId),
    )
    .execute();
  const have = new Set(present.map((row) => row.uniqueId));
  for (const v of DEMO_PROTOCOL_VEHICLES) {
    if (have.has(v.uniqueId)) continue;
    await db.kysely
      .insertInto('devices')
      .values({
        name: v.name,
        uniqueId: v.uniqueId,
        groupId,
        category: v.category,
        phone: null,
        model: v.model,
        contact: null,
        disabled: fromBool(db.dialect, false),
        status: 'offline',
        lastUpdate: null,
        positionId: null,
        attributes: toJson({
          license_plate: v.name,
          speedLimit: 100 / 1.852,
          fuel_tank_capacity: 60,
          // the odometer's starting value (Traccar's accumulator): the server counts on from there
          totalDistance: v.odometerKm * 1000,
        }),
      })
      .execute();
  }
}
