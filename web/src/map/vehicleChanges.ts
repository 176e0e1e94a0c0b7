import type { MapVehicle } from './vehicleFeatures';
import { sameLook } from './vehicleFeatures';

/** What a new list of vehicles changed on the map (see applyVehicles). */
export interface VehicleChanges {
  /** Vehicles came or went: the map of those shown was filled anew, in the list's order. */
  membership: boolean;
  /** Vehicles not shown before. */
  added: MapVehicle[];
  /** Vehicles whose place or heading changed: as shown before and now. */
  moved: Array<readonly [before: MapVehicle, after: MapVehicle]>;
  /** Vehicles whose look (icon, colour, status, names) changed, moved or not. */
  restyled: MapVehicle[];
}

const sameSpot = (a: MapVehicle, b: MapVehicle) =>
  a.longitude === b.longitude && a.latitude === b.latitude && a.course === b.course;

/**
 * Brings `shown` (the vehicles on the map by id) up to `vehicles` in place and answers what changed. A
 * vehicle object the list kept is skipped with one lookup, so a flush costs the map no new index of the
 * whole fleet: only the vehicles it changed are written. When vehicles came or went the map is filled anew
 * in the list's order; otherwise it keeps its order (the order dots and icons are drawn in).
 */
export function applyVehicles(
  shown: Map<number, MapVehicle>,
  vehicles: readonly MapVehicle[],
): VehicleChanges {
  const added: MapVehicle[] = [];
  const moved: Array<readonly [MapVehicle, MapVehicle]> = [];
  const restyled: MapVehicle[] = [];
  let kept = 0;
  for (const vehicle of vehicles) {
    const before = shown.get(vehicle.id);
    if (before === vehicle) {
      kept += 1;
      continue;
    }
    if (before === undefined) {
      added.push(vehicle);
      continue;
    }
    kept += 1;
    if (!sameSpot(before, vehicle)) moved.push([before, vehicle]);
    if (!sameLook(before, vehicle)) restyled.push(vehicle);
    shown.set(vehicle.id, vehicle);
  }
  // Every vehicle listed was shown before and as many as were shown are listed: none came or went.
  const membership = added.length > 0 || kept !== shown.size;
  if (membership) {
    shown.clear();
    for (const vehicle of vehicles) shown.set(vehicle.id, vehicle);
  }
  return { membership, added, moved, restyled };
}
