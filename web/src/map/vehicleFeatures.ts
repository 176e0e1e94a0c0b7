import type { IgnitionCode, StatusColor } from '@frota/core';
import type { Placement } from './motion';

/** What the map needs of a vehicle; the live screen builds these from its view models. */
export interface MapVehicle {
  id: number;
  longitude: number;
  latitude: number;
  course: number;
  category: string;
  color: StatusColor;
  ignitionCode: IgnitionCode;
  name: string;
  driverName: string;
}

export interface LabelChoice {
  vehicleNames: boolean;
  driverNames: boolean;
}

export const VEHICLE_ICON_PREFIX = 'vehicle:';

/** Style image id of a category's icon in a status colour; resolved on demand (see mapImages). */
export const vehicleIconId = (category: string, color: StatusColor): string =>
  `${VEHICLE_ICON_PREFIX}${category}:${color}`;

/** The label under a marker: vehicle name and/or driver name, one per line, per the user's settings. */
export function vehicleLabel(vehicle: MapVehicle, choice: LabelChoice): string {
  return [choice.vehicleNames ? vehicle.name : '', choice.driverNames ? vehicle.driverName : '']
    .filter(Boolean)
    .join('\n');
}

/** The vehicle id is the feature id (read with `['id']` in expressions), not repeated in the properties. */
export interface VehicleProperties {
  icon: string;
  course: number;
  /** Map ignition status code (0 driving, 1 idle, 2 stopped, 3 offline) for the cluster donuts. */
  ign: IgnitionCode;
  /** Left out when empty: every property is copied to the map's worker on each update. */
  label?: string;
}

export function vehicleFeature(
  vehicle: MapVehicle,
  at: Placement,
  choice: LabelChoice,
): GeoJSON.Feature<GeoJSON.Point, VehicleProperties> {
  const icon = vehicleIconId(vehicle.category, vehicle.color);
  const label = vehicleLabel(vehicle, choice);
  return {
    type: 'Feature',
    id: vehicle.id,
    geometry: { type: 'Point', coordinates: [at.longitude, at.latitude] },
    properties: label
      ? { icon, course: at.course, ign: vehicle.ignitionCode, label }
      : { icon, course: at.course, ign: vehicle.ignitionCode },
  };
}

/** Whether what a feature shows (besides its place) differs between two versions of a vehicle. */
export const sameLook = (a: MapVehicle, b: MapVehicle): boolean =>
  a.category === b.category &&
  a.color === b.color &&
  a.ignitionCode === b.ignitionCode &&
  a.name === b.name &&
  a.driverName === b.driverName;
