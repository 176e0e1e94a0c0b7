import type { Area, CircleArea, GeoPoint, LineStringArea, PolygonArea } from './types';

/** A zone area text that cannot be read; the message says what is wrong, for the edit form. */
export class AreaFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AreaFormatError';
  }
}

const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;
const SHAPE = /^([A-Za-z]+)\s*\(([\s\S]*)\)$/;
const RING = /^\(([^()]*)\)$/;
const EXPECTED = 'expected CIRCLE (lat lon, radius), POLYGON ((lat lon, ...)) or LINESTRING (lat lon, ...)';

function parseNumber(text: string, what: string): number {
  const s = text.trim();
  if (!NUMBER.test(s)) throw new AreaFormatError(`Invalid ${what} "${s}": not a number`);
  return Number(s);
}

/** "lat lon", latitude first (Traccar's convention). */
function parsePoint(text: string): GeoPoint {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 2) {
    throw new AreaFormatError(`Invalid coordinate "${text.trim()}": expected "latitude longitude"`);
  }
  const latitude = parseNumber(parts[0], 'latitude');
  const longitude = parseNumber(parts[1], 'longitude');
  if (latitude < -90 || latitude > 90) throw new AreaFormatError(`Latitude ${latitude} is outside -90..90`);
  if (longitude < -180 || longitude > 180)
    throw new AreaFormatError(`Longitude ${longitude} is outside -180..180`);
  return { latitude, longitude };
}

const parsePoints = (text: string): GeoPoint[] => text.split(',').map(parsePoint);

const samePoint = (a: GeoPoint, b: GeoPoint): boolean =>
  a.latitude === b.latitude && a.longitude === b.longitude;

function parseCircle(body: string): CircleArea {
  const parts = body.split(',');
  if (parts.length !== 2)
    throw new AreaFormatError(`Invalid CIRCLE "${body.trim()}": expected (lat lon, radius)`);
  const center = parsePoint(parts[0]);
  const radius = parseNumber(parts[1], 'radius');
  if (!(radius > 0)) throw new AreaFormatError(`Invalid CIRCLE radius ${radius}: must be above 0 metres`);
  return { type: 'circle', center, radius };
}

function parsePolygon(body: string): PolygonArea {
  const ring = RING.exec(body.trim());
  if (!ring) {
    const message = body.includes('),')
      ? 'POLYGON with several rings (holes) is not supported'
      : 'Invalid POLYGON: expected ((lat lon, lat lon, ...))';
    throw new AreaFormatError(message);
  }
  const points = parsePoints(ring[1]);
  if (points.length > 1 && samePoint(points[0], points[points.length - 1])) points.pop();
  const distinct = new Set(points.map((p) => `${p.latitude} ${p.longitude}`));
  if (distinct.size < 3) throw new AreaFormatError('POLYGON needs at least 3 distinct points');
  return { type: 'polygon', points };
}

function parseLineString(body: string): LineStringArea {
  if (/[()]/.test(body)) throw new AreaFormatError('Invalid LINESTRING: expected (lat lon, lat lon, ...)');
  const points = parsePoints(body);
  if (points.length < 2) throw new AreaFormatError('LINESTRING needs at least 2 points');
  return { type: 'linestring', points };
}

/**
 * Reads a zone area: `CIRCLE (lat lon, radius)`, `POLYGON ((lat lon, ...))`, `LINESTRING (lat lon, ...)`,
 * latitude first. Keywords in any case, spaces optional around brackets and commas. A polygon's closing
 * point is dropped (rings are kept open). Throws AreaFormatError with the reason.
 */
export function parseArea(text: string): Area {
  if (typeof text !== 'string' || text.trim() === '') throw new AreaFormatError(`Empty area: ${EXPECTED}`);
  const shape = SHAPE.exec(text.trim());
  if (!shape) throw new AreaFormatError(`Invalid area "${text.trim().slice(0, 40)}": ${EXPECTED}`);
  const keyword = shape[1].toUpperCase();
  switch (keyword) {
    case 'CIRCLE':
      return parseCircle(shape[2]);
    case 'POLYGON':
      return parsePolygon(shape[2]);
    case 'LINESTRING':
      return parseLineString(shape[2]);
    default:
      throw new AreaFormatError(`Unknown area type ${keyword}: ${EXPECTED}`);
  }
}

/** The reason the text is not a valid area, or null when it is. */
export function validateArea(text: string): string | null {
  try {
    parseArea(text);
    return null;
  } catch (error) {
    if (error instanceof AreaFormatError) return error.message;
    throw error;
  }
}

const formatPoint = (p: GeoPoint): string => `${p.latitude} ${p.longitude}`;

/** Writes the canonical text (Traccar's spacing); polygons are written closed, as WKT requires. */
export function formatArea(area: Area): string {
  switch (area.type) {
    case 'circle':
      return `CIRCLE (${formatPoint(area.center)}, ${area.radius})`;
    case 'polygon': {
      const ring = area.points.length > 0 ? [...area.points, area.points[0]] : [];
      return `POLYGON ((${ring.map(formatPoint).join(', ')}))`;
    }
    case 'linestring':
      return `LINESTRING (${area.points.map(formatPoint).join(', ')})`;
  }
}
