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

/**
 * The view grown by its own width and height on every side (nine views), latitudes kept on the globe: the
 * part of the world a source holds so that panning within it needs nothing new.
 */
export function areaAround(view: ViewBox): ViewBox {
  const width = view.east - view.west;
  const height = view.north - view.south;
  return {
    west: view.west - width,
    south: Math.max(-90, view.south - height),
    east: view.east + width,
    north: Math.min(90, view.north + height),
  };
}

/**
 * Whether an area still serves a view (both as MapLibre gives bounds: west below east, unwrapped): it
 * holds all of the view, and the view has not zoomed in more than a level since the area was taken (the
 * area would then hold many times what is near).
 */
export const serves = (area: ViewBox, view: ViewBox): boolean =>
  area.west <= view.west &&
  view.east <= area.east &&
  area.south <= view.south &&
  view.north <= area.north &&
  (view.east - view.west) * 6 >= area.east - area.west;

/**
 * Whether a point is in a box as MapLibre gives bounds (west below east, longitudes running past ±180 near
 * the antimeridian or when the view is wider than the world): the point counts at any of its world copies.
 */
export function inBox(box: ViewBox, longitude: number, latitude: number): boolean {
  if (latitude < box.south || latitude > box.north) return false;
  const { west, east } = box;
  if (east - west >= 360) return true;
  // Checked for each of thousands of vehicles on every flush and pan: no closure, no array.
  return (
    (west <= longitude && longitude <= east) ||
    (west <= longitude - 360 && longitude - 360 <= east) ||
    (west <= longitude + 360 && longitude + 360 <= east)
  );
}
