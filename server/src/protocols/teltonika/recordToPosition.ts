import { kmhToKnots } from '@frota/core/units';
import type { DecodedPosition } from '../types';
import { decodeAvlData } from './avlDecoder';
import type { AvlRecord } from './avlRecord';
import { addAlarm, applyIo } from './ioTable';

const PRIORITY_PANIC = 2;

function inRange(latitude: number, longitude: number): boolean {
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
}

/** A fix is valid when satellites were used and the coordinates are not the (0, 0) "no fix" placeholder. */
export function recordToPosition(record: AvlRecord, uniqueId: string): DecodedPosition {
  const { latitude, longitude } = record;
  const attributes: Record<string, unknown> = {
    priority: record.priority,
    sat: record.satellites,
    event: record.eventId,
  };
  if (record.generationType !== undefined) attributes.generationType = record.generationType;
  if (record.priority === PRIORITY_PANIC) addAlarm(attributes, 'sos');
  for (const io of record.io) applyIo(attributes, io);

  return {
    protocol: 'teltonika',
    uniqueId,
    fixTime: new Date(record.timestamp),
    deviceTime: new Date(record.timestamp),
    latitude,
    longitude,
    altitude: record.altitude,
    speed: kmhToKnots(record.speedKmh),
    course: record.angle,
    valid: record.satellites > 0 && !(latitude === 0 && longitude === 0) && inRange(latitude, longitude),
    event: record.eventId,
    attributes,
  };
}

/** AVL data (codec .. second record count) to positions; throws TeltonikaDecodeError when malformed. */
export function decodeAvlPositions(data: Buffer, uniqueId: string): DecodedPosition[] {
  return decodeAvlData(data).records.map((record) => recordToPosition(record, uniqueId));
}
