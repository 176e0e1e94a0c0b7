/**
 * The GPS block most GT06 position frames open with, 18 bytes: date and time (YY MM DD hh mm ss, UTC),
 * a byte whose low nibble is the satellites used, latitude and longitude (unsigned, 1/1,800,000 of a
 * degree), speed (km/h), then a 16-bit word holding the course (bits 0-9), north latitude (bit 10), west
 * longitude (bit 11), a located fix (bit 12), and, when bit 14 is set, the ignition (bit 15).
 */
export const GPS_BLOCK_LENGTH = 18;
/** 30,000 per minute of arc */
export const COORDINATE_UNITS = 1_800_000;

const NORTH = 1 << 10;
const WEST = 1 << 11;
const LOCATED = 1 << 12;
const HAS_IGNITION = 1 << 14;
const IGNITION = 1 << 15;

export interface GpsBlock {
  /** undefined when the date bytes are not a date */
  time?: Date;
  satellites: number;
  latitude: number;
  longitude: number;
  speedKmh: number;
  course: number;
  located: boolean;
  ignition?: boolean;
}

/** YY MM DD hh mm ss as UTC; undefined when a field is out of its range. */
export function readDate(bytes: Buffer, at: number): Date | undefined {
  const [year, month, day, hour, minute, second] = bytes.subarray(at, at + 6);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59)
    return undefined;
  return new Date(Date.UTC(2000 + year, month - 1, day, hour, minute, second));
}

export function writeDate(bytes: Buffer, at: number, time: Date): void {
  bytes[at] = time.getUTCFullYear() - 2000;
  bytes[at + 1] = time.getUTCMonth() + 1;
  bytes[at + 2] = time.getUTCDate();
  bytes[at + 3] = time.getUTCHours();
  bytes[at + 4] = time.getUTCMinutes();
  bytes[at + 5] = time.getUTCSeconds();
}

/** Reads the GPS block at `at`; the caller checks that 18 bytes are there. */
export function readGpsBlock(bytes: Buffer, at = 0): GpsBlock {
  const flags = bytes.readUInt16BE(at + 16);
  const latitude = bytes.readUInt32BE(at + 7) / COORDINATE_UNITS;
  const longitude = bytes.readUInt32BE(at + 11) / COORDINATE_UNITS;
  return {
    time: readDate(bytes, at),
    satellites: bytes[at + 6] & 0x0f,
    latitude: flags & NORTH ? latitude : -latitude,
    longitude: flags & WEST ? -longitude : longitude,
    speedKmh: bytes[at + 15],
    course: flags & 0x3ff,
    located: (flags & LOCATED) !== 0,
    ignition: flags & HAS_IGNITION ? (flags & IGNITION) !== 0 : undefined,
  };
}

/** The 18 bytes of a GPS block (speed rounded to whole km/h, at most 255). */
export function writeGpsBlock(block: Required<Omit<GpsBlock, 'ignition'>> & { ignition?: boolean }): Buffer {
  const bytes = Buffer.alloc(GPS_BLOCK_LENGTH);
  writeDate(bytes, 0, block.time);
  bytes[6] = 0xc0 | Math.min(15, Math.max(0, Math.round(block.satellites)));
  bytes.writeUInt32BE(Math.round(Math.abs(block.latitude) * COORDINATE_UNITS), 7);
  bytes.writeUInt32BE(Math.round(Math.abs(block.longitude) * COORDINATE_UNITS), 11);
  bytes[15] = Math.min(255, Math.max(0, Math.round(block.speedKmh)));
  let flags = ((Math.round(block.course) % 360) + 360) % 360;
  if (block.latitude >= 0) flags |= NORTH;
  if (block.longitude < 0) flags |= WEST;
  if (block.located) flags |= LOCATED;
  if (block.ignition !== undefined) flags |= HAS_IGNITION | (block.ignition ? IGNITION : 0);
  bytes.writeUInt16BE(flags, 16);
  return bytes;
}
