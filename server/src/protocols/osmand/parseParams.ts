import type { DecodedPosition } from '../types';
import { parseNetwork } from './network';
import { failure, type OsmandParseResult } from './parseResult';
import { booleanOf, numberOf, parseTimestamp, typedValue, validCoordinates } from './values';

/** Keys with a meaning of their own; every other key becomes a typed attribute. */
const CONSUMED = new Set([
  'id',
  'deviceid',
  'lat',
  'lon',
  'location',
  'timestamp',
  'time',
  'date',
  'speed',
  'bearing',
  'heading',
  'altitude',
  'accuracy',
  'hdop',
  'valid',
  'batt',
  'charge',
  'driverUniqueId',
  'cell',
  'wifi',
]);

const first = (params: URLSearchParams, ...keys: string[]): string | undefined => {
  for (const key of keys) {
    const value = params.get(key);
    if (value !== null && value !== '') return value;
  }
  return undefined;
};

function coordinates(params: URLSearchParams): { latitude?: number; longitude?: number } {
  const location = params.get('location');
  if (params.get('lat') === null && location !== null) {
    const [lat, lon] = location.split(',');
    return { latitude: numberOf(lat), longitude: numberOf(lon) };
  }
  return { latitude: numberOf(params.get('lat')), longitude: numberOf(params.get('lon')) };
}

/** One OsmAnd fix from query-string or form fields (the Traccar Client and OsmAnd apps). */
export function parseOsmandParams(params: URLSearchParams, now: Date): OsmandParseResult {
  const uniqueId = first(params, 'id', 'deviceid');
  if (!uniqueId) return failure('missing device id');
  const { latitude, longitude } = coordinates(params);
  if (!validCoordinates(latitude, longitude)) return failure('missing or invalid coordinates');

  const timeText = first(params, 'timestamp', 'time', 'date');
  const time = timeText === undefined ? now : parseTimestamp(timeText);
  if (!time) return failure(`invalid timestamp ${timeText}`);

  const attributes: Record<string, unknown> = {};
  for (const [key, value] of params) {
    if (!CONSUMED.has(key)) attributes[key] = typedValue(value);
  }
  const hdop = numberOf(params.get('hdop'));
  if (hdop !== undefined) attributes.hdop = hdop;
  const battery = numberOf(params.get('batt'));
  if (battery !== undefined) attributes.batteryLevel = battery;
  const charge = booleanOf(params.get('charge'));
  if (charge !== undefined) attributes.charge = charge;
  const driverUniqueId = params.get('driverUniqueId');
  if (driverUniqueId) attributes.driverUniqueId = driverUniqueId;
  const network = parseNetwork(params.getAll('cell'), params.getAll('wifi'));
  if (network) attributes.network = network;

  const position: DecodedPosition = {
    protocol: 'osmand',
    uniqueId,
    fixTime: time,
    deviceTime: new Date(time),
    latitude: latitude as number,
    longitude: longitude as number,
    altitude: numberOf(params.get('altitude')) ?? 0,
    speed: numberOf(params.get('speed')) ?? 0,
    course: numberOf(first(params, 'bearing', 'heading')) ?? 0,
    valid: booleanOf(params.get('valid')) ?? true,
    attributes,
  };
  const accuracy = numberOf(params.get('accuracy'));
  if (accuracy !== undefined) position.accuracy = accuracy;
  return { ok: true, positions: [position] };
}
