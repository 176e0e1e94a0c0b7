import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * The map's visible bounds as plain numbers, for tests over thousands of vehicles on each flush
 * (LngLatBounds.contains converts its argument into a new LngLat on every call).
 */
export interface ViewBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export function viewBox(map: MapLibreMap): ViewBox {
  const bounds = map.getBounds();
  return {
    west: bounds.getWest(),
    south: bounds.getSouth(),
    east: bounds.getEast(),
    north: bounds.getNorth(),
  };
}

/** Whether a point is inside the box, as LngLatBounds.contains answers (a west beyond the east wraps). */
export function inBox(box: ViewBox, longitude: number, latitude: number): boolean {
  if (latitude < box.south || latitude > box.north) return false;
  return box.west > box.east
    ? box.west >= longitude && longitude >= box.east
    : box.west <= longitude && longitude <= box.east;
}
