import type { Map as MapLibreMap } from 'maplibre-gl';

/** Maps on which a shape is being drawn: their clicks place corners, they open no vehicle. */
const drawing = new WeakSet<MapLibreMap>();

export function setDrawing(map: MapLibreMap, on: boolean): void {
  if (on) drawing.add(map);
  else drawing.delete(map);
}

export const isDrawing = (map: MapLibreMap): boolean => drawing.has(map);
