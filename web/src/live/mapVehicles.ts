import { areaBounds, isBlankedPosition, parseArea, toLngLatBounds, type BoundingBox } from '@frota/core';
import type { Geofence } from '../api/types';
import type { CameraRequest } from '../map/CameraDirector';
import { rotatesWithCourse } from '../map/iconModule';
import type { MapVehicle } from '../map/vehicleFeatures';
import type { VehicleView } from './types';

/** Whether a category's icon turns with the course (a name test per vehicle and flush otherwise). */
const rotating = new Map<string, boolean>();
const rotates = (category: string): boolean => {
  let answer = rotating.get(category);
  if (answer === undefined) rotating.set(category, (answer = rotatesWithCourse(category)));
  return answer;
};

const sameMarker = (a: MapVehicle, b: MapVehicle): boolean =>
  a.longitude === b.longitude &&
  a.latitude === b.latitude &&
  a.course === b.course &&
  a.category === b.category &&
  a.color === b.color &&
  a.ignitionCode === b.ignitionCode &&
  a.name === b.name &&
  a.driverName === b.driverName;

/**
 * The markers made before, by vehicle id (kept by the live map between flushes): a view a flush did not
 * touch keeps its marker, and so does a new view whose marker would read the same (a new speed or
 * address), so the map's layer skips both with one comparison.
 */
export class MarkerCache {
  /** each vehicle's last view and the marker made from it, in one entry: one lookup a vehicle a flush */
  private readonly made = new Map<number, { view: VehicleView; marker: MapVehicle }>();

  markerOf(view: VehicleView, position: NonNullable<VehicleView['position']>): MapVehicle {
    const known = this.made.get(view.id);
    if (known !== undefined && known.view === view) return known.marker;
    const marker: MapVehicle = {
      id: view.id,
      longitude: position.longitude,
      latitude: position.latitude,
      course: rotates(view.category) ? (position.course ?? 0) : 0,
      category: view.category,
      color: view.status.color,
      ignitionCode: view.status.ignitionCode,
      name: view.name,
      driverName: view.driverName,
    };
    if (known === undefined) {
      this.made.set(view.id, { view, marker });
      return marker;
    }
    known.view = view;
    if (!sameMarker(known.marker, marker)) known.marker = marker;
    return known.marker;
  }
}

/** The markers of the listed vehicles that have a position the user may see (none for a private one). */
export function mapVehicles(rows: readonly VehicleView[], cache = new MarkerCache()): MapVehicle[] {
  const out: MapVehicle[] = [];
  for (const view of rows) {
    const position = view.position;
    if (!position || isBlankedPosition(position)) continue;
    out.push(cache.markerOf(view, position));
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
