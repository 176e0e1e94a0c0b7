import { kmhToKnots } from '@frota/core/units';
import type { PositionFix } from '../framed/codec';
import { COMMAND_ANSWER, COMMAND_ANSWER_EXTENDED, readCommandAnswer, readExtendedAnswer } from './commands';
import { GPS_BLOCK_LENGTH, readGpsBlock, type GpsBlock } from './gps';
import { readImei } from './login';
import type { Gt06Packet } from './packet';
import { readStatusBlock, STATUS_BLOCK_LENGTH } from './status';

/** Protocol numbers decoded here. */
export const MSG = {
  login: 0x01,
  gps: 0x10,
  gpsLbs6: 0x11,
  gpsLbs1: 0x12,
  heartbeat: 0x13,
  alarm: 0x16,
  gpsLbs2: 0x22,
  alarm2: 0x26,
  timeRequest: 0x8a,
  gpsLbs7: 0xa0,
} as const;

/** What one frame says. */
export type Gt06Message =
  | { kind: 'login'; imei: string }
  /** `fix` is absent when the frame holds no GPS block or its date is not a date */
  | { kind: 'position'; fix?: PositionFix }
  | { kind: 'heartbeat'; attributes: Record<string, unknown> }
  | { kind: 'answer'; text: string }
  | { kind: 'timeRequest' }
  | { kind: 'other' };

/** Bytes of the cell block after the GPS block, by protocol number (mnc takes 2 bytes when mcc's bit 15 is set). */
function cellBlockLength(type: number, content: Buffer): number {
  if (content.length < GPS_BLOCK_LENGTH + 2) return 0;
  const longMnc = (content.readUInt16BE(GPS_BLOCK_LENGTH) & 0x8000) !== 0 || type === MSG.gpsLbs6;
  const mcc = 2 + (longMnc ? 2 : 1);
  if (type === MSG.gpsLbs7) return mcc + 4 + 8;
  if (type === MSG.gpsLbs6) return mcc + 2 + 4;
  return mcc + 2 + 3;
}

function toFix(gps: GpsBlock, attributes: Record<string, unknown>): PositionFix | undefined {
  if (!gps.time) return undefined;
  const { latitude, longitude } = gps;
  const inRange = Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
  const fix: PositionFix = {
    fixTime: gps.time,
    deviceTime: gps.time,
    latitude,
    longitude,
    altitude: 0,
    speed: kmhToKnots(gps.speedKmh),
    course: gps.course,
    valid: gps.located && inRange && !(latitude === 0 && longitude === 0),
    attributes,
  };
  if (typeof attributes.event === 'number') fix.event = attributes.event;
  return fix;
}

function gpsAttributes(gps: GpsBlock): Record<string, unknown> {
  const attributes: Record<string, unknown> = { sat: gps.satellites };
  if (gps.ignition !== undefined) attributes.ignition = gps.ignition;
  return attributes;
}

/** 0x10, 0x11, 0x12, 0x22, 0xA0: GPS, cells, then maybe ACC, upload mode, re-upload and mileage. */
function decodeGpsFrame(type: number, content: Buffer): Gt06Message {
  if (content.length < GPS_BLOCK_LENGTH) return { kind: 'position' };
  const gps = readGpsBlock(content);
  const attributes = gpsAttributes(gps);
  const tailAt = GPS_BLOCK_LENGTH + (type === MSG.gps ? 0 : cellBlockLength(type, content));
  const tail = content.length - tailAt;
  if (type !== MSG.gps && (tail === 3 || tail === 7)) {
    attributes.ignition = content[tailAt] > 0;
    attributes.event = content[tailAt + 1];
    if (content[tailAt + 2] > 0) attributes.archive = true;
    if (tail === 7) attributes.odometer = content.readUInt32BE(tailAt + 3);
  }
  return { kind: 'position', fix: toFix(gps, attributes) };
}

/** 0x16, 0x26: GPS, cells (a length byte first), and the status block just before the serial. */
function decodeAlarmFrame(content: Buffer): Gt06Message {
  if (content.length < GPS_BLOCK_LENGTH + STATUS_BLOCK_LENGTH) return { kind: 'position' };
  const gps = readGpsBlock(content);
  const statusAt = content.length - STATUS_BLOCK_LENGTH;
  const attributes = { ...gpsAttributes(gps), ...readStatusBlock(content, statusAt) };
  attributes.event = content[statusAt + 3];
  return { kind: 'position', fix: toFix(gps, attributes) };
}

/** Decodes a checked frame; throws ProtocolDecodeError when its content does not fit its type. */
export function decodePacket(packet: Gt06Packet): Gt06Message {
  const { type, content } = packet;
  switch (type) {
    case MSG.login:
      return { kind: 'login', imei: readImei(content) };
    case MSG.gps:
    case MSG.gpsLbs6:
    case MSG.gpsLbs1:
    case MSG.gpsLbs2:
    case MSG.gpsLbs7:
      return decodeGpsFrame(type, content);
    case MSG.alarm:
    case MSG.alarm2:
      return decodeAlarmFrame(content);
    case MSG.heartbeat:
      return {
        kind: 'heartbeat',
        attributes: content.length >= STATUS_BLOCK_LENGTH ? readStatusBlock(content, 0) : {},
      };
    case COMMAND_ANSWER:
      return { kind: 'answer', text: readCommandAnswer(content) };
    case COMMAND_ANSWER_EXTENDED:
      return { kind: 'answer', text: readExtendedAnswer(content) };
    case MSG.timeRequest:
      return { kind: 'timeRequest' };
    default:
      return { kind: 'other' };
  }
}
