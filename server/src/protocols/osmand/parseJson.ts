import { kmhToKnots } from '@frota/core/units';
import type { DecodedPosition } from '../types';
import { failure, type OsmandParseResult } from './parseResult';
import { booleanOf, numberOf, parseTimestamp, validCoordinates } from './values';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const mpsToKnots = (mps: number): number => kmhToKnots(mps * 3.6);

/** Background-geolocation apps report unknown speed and heading as -1. */
const nonNegative = (value: unknown): number => Math.max(0, numberOf(value) ?? 0);

const idOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;

function attributesOf(location: Json): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  if (isObject(location.extras)) {
    for (const [key, value] of Object.entries(location.extras))
      if (key !== '__proto__') attributes[key] = value;
  }
  const moving = booleanOf(location.is_moving);
  if (moving !== undefined) attributes.motion = moving;
  const odometer = numberOf(location.odometer);
  if (odometer !== undefined) attributes.odometer = odometer;
  if (typeof location.event === 'string') attributes.event = location.event;
  if (typeof location.mock === 'boolean') attributes.mock = location.mock;
  if (isObject(location.activity) && typeof location.activity.type === 'string') {
    attributes.activity = location.activity.type;
  }
  if (isObject(location.battery)) {
    const level = numberOf(location.battery.level);
    if (level !== undefined && level >= 0) attributes.batteryLevel = Math.round(level * 100);
    const charging = booleanOf(location.battery.is_charging);
    if (charging !== undefined) attributes.charge = charging;
  }
  return attributes;
}

function locationToPosition(location: Json, uniqueId: string, now: Date): DecodedPosition | string {
  const coords = isObject(location.coords) ? location.coords : {};
  const latitude = numberOf(coords.latitude);
  const longitude = numberOf(coords.longitude);
  if (!validCoordinates(latitude, longitude)) return 'missing or invalid coordinates';
  const time = location.timestamp === undefined ? now : parseTimestamp(location.timestamp);
  if (!time) return `invalid timestamp ${String(location.timestamp)}`;
  const position: DecodedPosition = {
    protocol: 'osmand',
    uniqueId,
    fixTime: time,
    deviceTime: new Date(time),
    latitude: latitude as number,
    longitude: longitude as number,
    altitude: numberOf(coords.altitude) ?? 0,
    speed: mpsToKnots(nonNegative(coords.speed)),
    course: nonNegative(coords.heading),
    valid: true,
    attributes: attributesOf(location),
  };
  const accuracy = numberOf(coords.accuracy);
  if (accuracy !== undefined) position.accuracy = accuracy;
  return position;
}

/** Each entry: a location and the id of the device that sent it. */
function entriesOf(root: unknown, fallbackId: string | undefined): { location: unknown; id?: string }[] {
  const items = Array.isArray(root) ? root : [root];
  return items.flatMap((item) => {
    if (!isObject(item)) return [{ location: item, id: fallbackId }];
    const id = idOf(item.device_id) ?? idOf(item.id) ?? fallbackId;
    if (item.location === undefined && isObject(item.coords)) return [{ location: item, id }];
    const locations = Array.isArray(item.location) ? item.location : [item.location];
    return locations.map((location) => ({ location, id }));
  });
}

/**
 * The JSON body of background-geolocation apps: `{ location: {...} | [...], device_id }`, a bare
 * location, or an array of either. The id comes from `device_id` or from the query's `id`.
 */
export function parseOsmandJson(text: string, fallbackId: string | undefined, now: Date): OsmandParseResult {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return failure('invalid JSON');
  }
  const entries = entriesOf(root, fallbackId);
  if (entries.length === 0) return failure('no location');
  const positions: DecodedPosition[] = [];
  for (const { location, id } of entries) {
    if (!id) return failure('missing device id');
    if (!isObject(location)) return failure('missing location');
    const position = locationToPosition(location, id, now);
    if (typeof position === 'string') return failure(position);
    positions.push(position);
  }
  return { ok: true, positions };
}
