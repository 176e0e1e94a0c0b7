/**
 * What the alert central knows of the fleet to filter and describe events: the vehicles the user sees
 * (name, plate, group, assigned driver) and the drivers it sees, by card. Small tables, read once per call.
 */
import type { Db } from '../../db/database';
import type { Scope } from '../../auth/policy';
import { parseJson } from '../../db/mapping';
import { whereVisible } from '../../auth/policy';
import { plateOf } from '../../reports/context';
import { assignedDrivers, cardDrivers } from '../../reports/builders/common';

export interface FleetVehicle {
  id: number;
  name: string;
  /** the licence plate attribute, null when unset */
  plate: string | null;
  groupId: number | null;
  /** the vehicle's own driver (device-driver link or attribute driverId), as a card uniqueId */
  assignedDriver: string | null;
}

export interface FleetDriver {
  id: number;
  name: string;
  uniqueId: string;
  phone: string | null;
}

export interface Fleet {
  vehicles: Map<number, FleetVehicle>;
  drivers: FleetDriver[];
  driverByCard: Map<string, FleetDriver>;
}

export async function loadFleet(db: Db, scope: Scope): Promise<Fleet> {
  let q = db.kysely.selectFrom('devices').select(['id', 'name', 'groupId', 'attributes']);
  q = whereVisible(q, 'devices.id', db, scope, 'devices');
  // the reports' drivers (issue 33): another client's driver with the same card names nothing here
  const [rows, driverRows] = await Promise.all([q.execute(), cardDrivers(db, scope)]);
  // the reports' rule for a vehicle's driver; it reads only the database and the scope from the context
  const assigned = await assignedDrivers(
    { db, scope },
    rows.map((r) => Number(r.id)),
  );
  const vehicles = new Map<number, FleetVehicle>();
  for (const r of rows) {
    const id = Number(r.id);
    const attributes = parseJson(r.attributes);
    const plate = plateOf({ name: r.name, attributes });
    vehicles.set(id, {
      id,
      name: r.name,
      plate: typeof attributes.license_plate === 'string' && attributes.license_plate.trim() ? plate : null,
      groupId: r.groupId == null ? null : Number(r.groupId),
      assignedDriver: assigned.get(id) ?? null,
    });
  }
  const list = driverRows.map((r) => {
    const phone = parseJson(r.attributes).phone;
    return {
      id: Number(r.id),
      name: r.name,
      uniqueId: r.uniqueId,
      phone: typeof phone === 'string' && phone.trim() ? phone.trim() : null,
    };
  });
  const driverByCard = new Map<string, FleetDriver>();
  // one card, several drivers: the first in cardDrivers' precedence names it
  for (const d of list) if (!driverByCard.has(d.uniqueId)) driverByCard.set(d.uniqueId, d);
  return { vehicles, drivers: list, driverByCard };
}
