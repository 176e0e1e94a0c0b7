import { areaBounds, isBlankedPosition, parseArea, toLngLatBounds, type BoundingBox } from '@frota/core';
import type { Geofence } from '../api/types';
import type { CameraRequest } from '../map/CameraDirector';
import { rotatesWithCourse } from '../map/iconModule';
import type { MapVehicle } from '../map/vehicleFeatures';
import type { VehicleView } from './types';

/** One marker per view object: a vehicle a flush did not touch keeps its marker, which the layer skips. */
const markers = new WeakMap<VehicleView, MapVehicle>();

/** The markers of the listed vehicles that have a position the user may see (none for a private one). */
export function mapVehicles(rows: readonly VehicleView[]): MapVehicle[] {
  const out: MapVehicle[] = [];
  for (const view of rows) {
    const position = view.position;
    if (!position || isBlankedPosition(position)) continue;
    const known = markers.get(view);
    if (known) {
      out.push(known);
      continue;
    }
    const marker: MapVehicle = {
      id: view.id,
      longitude: position.longitude,
      latitude: position.latitude,
      course: rotatesWithCourse(view.category) ? (position.course ?? 0) : 0,
      category: view.category,
      color: view.status.color,
      ignitionCode: view.status.ignitionCode,
      name: view.name,
      driverName: view.driverName,
    };
    markers.set(view, marker);
    out.push(marker);
  }
  return out;
}

/** Every position, for the initial fit. */
export const positionPoints = (vehicles: readonly VehicleView[]): Array<[number, number]> =>
  vehicles.flatMap((v) =>
    v.position && !isBlankedPosition(v.position)
      ? [[v.position.longitude, v.position.latitude] as [number, number]]
      : [],
  );

/** Selecting a zone: a point zone flies to zoom 15 at its centre; others fit their bounds. */
export function zoneCamera(zone: Geofence, seq: number): CameraRequest | null {
  try {
    const area = parseArea(zone.area);
    if (area.type === 'circle')
      return { seq, kind: 'point', longitude: area.center.longitude, latitude: area.center.latitude };
    const box: BoundingBox = areaBounds(area, Number(zone.attributes?.polylineDistance) || undefined);
    return { seq, kind: 'bounds', bounds: toLngLatBounds(box) };
  } catch {
    return null;
  }
}
