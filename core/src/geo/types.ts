/** WGS84 degrees; the same field names as a Position, so a position can be passed as a point. */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface CircleArea {
  type: 'circle';
  center: GeoPoint;
  /** Metres. */
  radius: number;
}

/** One outer ring, stored open (the closing point is not repeated). */
export interface PolygonArea {
  type: 'polygon';
  points: GeoPoint[];
}

export interface LineStringArea {
  type: 'linestring';
  points: GeoPoint[];
}

/** A zone's area: point of interest (circle), area (polygon) or corridor (line string). */
export type Area = CircleArea | PolygonArea | LineStringArea;

/** In rbush's shape: x is longitude, y is latitude. */
export interface BoundingBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}
