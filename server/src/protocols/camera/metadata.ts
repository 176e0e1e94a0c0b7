/**
 * The file metadata a camera answers to 0x000A (command 0x000B). The vendor grew it by versions; each version
 * appends fields to the previous one's, so a reader takes what the payload holds and ignores what follows:
 *
 * | version | adds (big-endian)                                                             | payload bytes |
 * |---------|-------------------------------------------------------------------------------|---------------|
 * | 1       | version u8, file type u8 (0 photo, 1 video), timestamp u64 (ms since epoch, UTC), trigger u32 (bitmask, core CAMERA_TRIGGERS), duration u16 (s, 0 for photos) | 16 |
 * | 2       | frame rate u8 (fps, 0 unknown), timezone i16 (minutes from UTC)               | 19 |
 * | 3       | latitude f64, longitude f64 (degrees; all bits set = unknown)                 | 35 |
 * | 4       | trigger timestamp u64 (ms since epoch; all bits set = unknown)                | 43 |
 *
 * A later version than 4 is read as 4 (its extra fields are skipped). Fields marked unknown come back undefined.
 */
import { CameraProtocolError } from './messages';

export interface CameraMetadata {
  version: number;
  fileType: 'photo' | 'video';
  /** capture time, epoch ms (undefined when the camera sent all bits set) */
  time?: number;
  trigger: number;
  /** seconds (videos) */
  duration: number;
  frameRate?: number;
  /** minutes from UTC */
  timezone?: number;
  latitude?: number;
  longitude?: number;
  /** epoch ms of the event that triggered the file */
  triggerTime?: number;
}

const SIZES: Record<number, number> = { 1: 16, 2: 19, 3: 35, 4: 43 };
export const LATEST_METADATA_VERSION = 4;

const UNKNOWN_U64 = 0xffffffffffffffffn;

export function parseMetadata(payload: Buffer): CameraMetadata {
  if (payload.length < SIZES[1])
    throw new CameraProtocolError(`metadata too short (${payload.length} bytes)`);
  const version = payload.readUInt8(0);
  if (version < 1) throw new CameraProtocolError(`metadata version ${version}`);
  const stamp = payload.readBigUInt64BE(2);
  const meta: CameraMetadata = {
    version,
    fileType: payload.readUInt8(1) === 1 ? 'video' : 'photo',
    time: stamp === UNKNOWN_U64 || stamp === 0n ? undefined : Number(stamp),
    trigger: payload.readUInt32BE(10),
    duration: payload.readUInt16BE(14) === 0xffff ? 0 : payload.readUInt16BE(14),
  };
  if (version >= 2 && payload.length >= SIZES[2]) {
    const fps = payload.readUInt8(16);
    if (fps > 0 && fps < 0xff) meta.frameRate = fps;
    const tz = payload.readInt16BE(17);
    if (tz >= -720 && tz <= 840) meta.timezone = tz;
  }
  if (version >= 3 && payload.length >= SIZES[3]) {
    const lat = payload.readDoubleBE(19);
    const lon = payload.readDoubleBE(27);
    if (validCoordinate(lat, lon)) {
      meta.latitude = lat;
      meta.longitude = lon;
    }
  }
  if (version >= 4 && payload.length >= SIZES[4]) {
    const t = payload.readBigUInt64BE(35);
    if (t !== UNKNOWN_U64 && t > 0n) meta.triggerTime = Number(t);
  }
  return meta;
}

function validCoordinate(lat: number, lon: number): boolean {
  return (
    Number.isFinite(lat) &&
    Number.isFinite(lon) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lon) <= 180 &&
    !(lat === 0 && lon === 0)
  );
}

/** The camera side (tests, simulator): metadata of the given version. */
export function encodeMetadata(meta: Omit<CameraMetadata, 'version'> & { version?: number }): Buffer {
  const version = meta.version ?? LATEST_METADATA_VERSION;
  const out = Buffer.alloc(SIZES[Math.min(Math.max(version, 1), LATEST_METADATA_VERSION)]);
  out.writeUInt8(version, 0);
  out.writeUInt8(meta.fileType === 'video' ? 1 : 0, 1);
  out.writeBigUInt64BE(meta.time === undefined ? UNKNOWN_U64 : BigInt(Math.round(meta.time)), 2);
  out.writeUInt32BE(meta.trigger >>> 0, 10);
  out.writeUInt16BE(meta.duration & 0xffff, 14);
  if (version >= 2) {
    out.writeUInt8(meta.frameRate ?? 0, 16);
    out.writeInt16BE(meta.timezone ?? 0, 17);
  }
  if (version >= 3) {
    const known = meta.latitude !== undefined && meta.longitude !== undefined;
    if (known) {
      out.writeDoubleBE(meta.latitude!, 19);
      out.writeDoubleBE(meta.longitude!, 27);
    } else out.fill(0xff, 19, 35);
  }
  if (version >= 4) out.writeBigUInt64BE(meta.triggerTime ? BigInt(meta.triggerTime) : UNKNOWN_U64, 35);
  return out;
}
