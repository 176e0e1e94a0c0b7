import { ProtocolDecodeError, type PositionFix } from '../framed/codec';
import { NibbleReader } from './bcd';
import { statusAttributes } from './status';
import { utcTime } from './time';

/** The binary frame length whose id is 8 bytes (a 15-digit IMEI); every other length has 5 (10 digits). */
export const LONG_ID_FRAME_LENGTH = 42;

export interface BinaryReport {
  uniqueId: string;
  /** undefined when the frame holds no usable fix (an impossible date, as devices send before a fix) */
  fix?: PositionFix;
}

/** The backup battery byte as a percentage (several scales are in use). */
export function batteryLevel(value: number): number | undefined {
  if (value === 0) return undefined;
  if (value <= 3) return (value - 1) * 10;
  if (value <= 6) return (value - 1) * 20;
  if (value <= 100) return value;
  if (value >= 0xf1 && value <= 0xf6) return value - 0xf0;
  return undefined;
}

/**
 * A `$` frame: marker, id (BCD), hhmmss DDMMYY, latitude ddmm.mmmm, battery byte, longitude
 * dddmm.mmmm with a flags nibble (bit 1 valid, bit 2 north, bit 3 east), speed (knots, 3 digits),
 * course (3 digits), status word; the bytes after it are not read. A nibble that is not a decimal digit
 * where one must be means the stream was cut wrongly: ProtocolDecodeError.
 */
export function decodeBinary(frame: Buffer): BinaryReport {
  if (frame[0] !== 0x24) throw new ProtocolDecodeError('not a binary H02 frame');
  const idBytes = frame.length === LONG_ID_FRAME_LENGTH ? 8 : 5;
  if (frame.length < idBytes + 24) throw new ProtocolDecodeError(`binary frame of ${frame.length} bytes`);
  const reader = new NibbleReader(frame.subarray(1));
  const idDigits = reader.raw(idBytes * 2);
  const uniqueId = idBytes === 8 ? idDigits.slice(0, 15) : idDigits;
  const digits = (count: number): string => {
    const text = reader.raw(count);
    if (!/^\d+$/.test(text)) throw new ProtocolDecodeError('binary frame field is not BCD');
    return text;
  };
  if (!/^\d+$/.test(uniqueId)) throw new ProtocolDecodeError('binary frame id is not BCD');
  const hhmmss = digits(6);
  const ddmmyy = digits(6);
  const latDegrees = Number(digits(2));
  const latMinutes = Number(digits(6)) / 10000;
  const battery = parseInt(reader.raw(2), 16);
  const lonDegrees = Number(digits(3));
  const lonMinutes = Number(digits(6)) / 10000;
  const flags = parseInt(reader.raw(1), 16);
  const speed = Number(digits(3));
  const course = Number(digits(3));
  const status = parseInt(reader.raw(8), 16);

  const time = utcTime(ddmmyy, hhmmss);
  if (!time || latDegrees > 90 || lonDegrees > 180 || latMinutes >= 60 || lonMinutes >= 60) {
    return { uniqueId };
  }
  const latitude = (latDegrees + latMinutes / 60) * (flags & 0x04 ? 1 : -1);
  const longitude = (lonDegrees + lonMinutes / 60) * (flags & 0x08 ? 1 : -1);
  const attributes = statusAttributes(status);
  const level = batteryLevel(battery);
  if (level !== undefined) attributes.batteryLevel = level;
  return {
    uniqueId,
    fix: {
      fixTime: time,
      deviceTime: time,
      latitude,
      longitude,
      altitude: 0,
      speed,
      course,
      valid: (flags & 0x02) !== 0,
      attributes,
    },
  };
}
