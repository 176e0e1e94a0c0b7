/** A position Traccar forwarded -> the DecodedPosition a native listener would hand to the ingest. */
import type { DecodedPosition } from '../../protocols/types';
import { mapAttributes } from './attributeMap';
import type { TraccarPosition } from './traccarBodies';

const instant = (value: string | number): Date =>
  new Date(typeof value === 'number' ? value : Date.parse(value));

export function toDecoded(position: TraccarPosition, uniqueId: string): DecodedPosition {
  const attributes = mapAttributes(position.attributes ?? {});
  if (position.protocol) attributes.traccarProtocol = position.protocol;
  const code = attributes.event;
  const fixTime = instant(position.fixTime);
  return {
    protocol: 'traccar',
    uniqueId,
    fixTime,
    deviceTime: position.deviceTime == null ? fixTime : instant(position.deviceTime),
    latitude: position.latitude,
    longitude: position.longitude,
    altitude: position.altitude,
    speed: position.speed,
    course: position.course,
    valid: position.valid,
    accuracy: position.accuracy ?? undefined,
    event: typeof code === 'number' && Number.isInteger(code) ? code : undefined,
    attributes,
  };
}
