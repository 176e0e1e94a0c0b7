import { pointInCircle } from './circle';
import { pointInPolygon } from './polygon';
import { pointInCorridor } from './polyline';
import type { Area, GeoPoint } from './types';

/** Exact test of a point against a zone area; polylineDistance applies to corridors (default 25 m). */
export function pointInArea(point: GeoPoint, area: Area, polylineDistance?: number): boolean {
  switch (area.type) {
    case 'circle':
      return pointInCircle(point, area.center, area.radius);
    case 'polygon':
      return pointInPolygon(point, area.points);
    case 'linestring':
      return pointInCorridor(point, area.points, polylineDistance);
  }
}
