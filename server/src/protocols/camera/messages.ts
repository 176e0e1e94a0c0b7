/**
 * The byte layout of the DualCam/DashCam upload connection (/work/shared/protocols/dualcam.md): the 16-byte
 * init packet, then `command id u16 | payload length u16 | payload` both ways. All integers big-endian.
 * Pure functions: the session (session.ts) drives the flow, the camera client in tests and the simulator
 * encode with the same functions.
 */

export const CMD = {
  CLOSE: 0x0000,
  START: 0x0001,
  RESUME: 0x0002,
  SYNC: 0x0003,
  DATA: 0x0004,
  STATUS: 0x0005,
  FILE_REQUEST: 0x0008,
  REPEAT_INIT: 0x0009,
  METADATA_REQUEST: 0x000a,
  METADATA: 0x000b,
} as const;

/** File bytes per DATA packet (the last one may be shorter). */
export const PACKET_BYTES = 1024;
export const INIT_BYTES = 16;
/** The oldest protocol id of the upload connection. */
export const MIN_PROTOCOL_ID = 5;

/** The files a camera can hold, in the order the server asks for them, with their settings bit. */
export const CAMERA_FILES = [
  { id: '%photof', bit: 0x04, type: 'P', camera: 'F' },
  { id: '%photor', bit: 0x08, type: 'P', camera: 'R' },
  { id: '%videof', bit: 0x10, type: 'V', camera: 'F' },
  { id: '%videor', bit: 0x20, type: 'V', camera: 'R' },
] as const;

export type CameraFileId = (typeof CAMERA_FILES)[number]['id'];
export type CameraFile = (typeof CAMERA_FILES)[number];

export interface CameraInit {
  protocolId: number;
  /** decimal, as devices.uniqueId holds it */
  imei: string;
  settings: number;
}

export class CameraProtocolError extends Error {}

/** The files a settings word says wait, in request order. */
export function waitingFiles(settings: number): CameraFile[] {
  return CAMERA_FILES.filter((f) => (settings & f.bit) !== 0);
}

export function cameraFile(id: string): CameraFile | undefined {
  return CAMERA_FILES.find((f) => f.id === id);
}

export function parseInit(bytes: Uint8Array): CameraInit {
  if (bytes.length < INIT_BYTES)
    throw new CameraProtocolError(`init packet too short (${bytes.length} bytes)`);
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, INIT_BYTES);
  if (view.readUInt16BE(0) !== 0) throw new CameraProtocolError('init packet header is not 0x0000');
  const protocolId = view.readUInt16BE(2);
  if (protocolId < MIN_PROTOCOL_ID) throw new CameraProtocolError(`unsupported protocol id ${protocolId}`);
  const imei = view.readBigUInt64BE(4);
  if (imei === 0n) throw new CameraProtocolError('init packet has no IMEI');
  return { protocolId, imei: imei.toString(), settings: view.readUInt32BE(12) };
}

export function encodeInit(init: CameraInit): Buffer {
  const out = Buffer.alloc(INIT_BYTES);
  out.writeUInt16BE(0, 0);
  out.writeUInt16BE(init.protocolId, 2);
  out.writeBigUInt64BE(BigInt(init.imei), 4);
  out.writeUInt32BE(init.settings >>> 0, 12);
  return out;
}

export function encodeCommand(id: number, payload: Uint8Array = new Uint8Array(0)): Buffer {
  if (payload.length > 0xffff) throw new CameraProtocolError('payload longer than 65535 bytes');
  const out = Buffer.alloc(4 + payload.length);
  out.writeUInt16BE(id, 0);
  out.writeUInt16BE(payload.length, 2);
  out.set(payload, 4);
  return out;
}

const u32 = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(value >>> 0, 0);
  return b;
};

/** Server → camera. */
export const encodeResume = (offset: number) => encodeCommand(CMD.RESUME, u32(offset));
export const encodeFileRequest = (file: CameraFileId) =>
  encodeCommand(CMD.FILE_REQUEST, Buffer.from(file, 'ascii'));
export const encodeMetadataRequest = (file: CameraFileId) =>
  encodeCommand(CMD.METADATA_REQUEST, Buffer.from(file, 'ascii'));
export const encodeClose = () => encodeCommand(CMD.CLOSE);

/** Camera → server. */
export function encodeStart(packets: number): Buffer {
  const p = Buffer.alloc(6);
  p.writeUInt32BE(packets >>> 0, 0);
  return encodeCommand(CMD.START, p);
}
export const encodeSync = (offset: number) => encodeCommand(CMD.SYNC, u32(offset));
export function encodeData(bytes: Uint8Array, crc: number): Buffer {
  const p = Buffer.alloc(bytes.length + 2);
  p.set(bytes, 0);
  p.writeUInt16BE(crc & 0xffff, bytes.length);
  return encodeCommand(CMD.DATA, p);
}
/** 0x0009: the init fields again (protocol id, IMEI, settings) after the 0x0000 header. */
export function encodeRepeatInit(init: CameraInit): Buffer {
  return encodeCommand(CMD.REPEAT_INIT, encodeInit(init).subarray(2));
}

export interface CameraCommand {
  id: number;
  payload: Buffer;
}

/** START: the number of 1 KiB packets of the file. */
export function parseStart(payload: Buffer): number {
  if (payload.length < 4) throw new CameraProtocolError('START without a packet count');
  return payload.readUInt32BE(0);
}

/** RESUME / SYNC: a 1-based packet offset. */
export function parseOffset(payload: Buffer): number {
  if (payload.length < 4) throw new CameraProtocolError('offset missing');
  return payload.readUInt32BE(0);
}

/** DATA: file bytes and the chained CRC that follows them. */
export function parseData(payload: Buffer): { bytes: Buffer; crc: number } {
  if (payload.length < 3) throw new CameraProtocolError('DATA packet without file bytes');
  if (payload.length - 2 > PACKET_BYTES) throw new CameraProtocolError('DATA packet longer than 1024 bytes');
  return { bytes: payload.subarray(0, payload.length - 2), crc: payload.readUInt16BE(payload.length - 2) };
}

/** 0x0009: the settings word is its last four bytes (whether the camera repeats the whole init or only it). */
export function parseRepeatInit(payload: Buffer): number | undefined {
  return payload.length >= 4 ? payload.readUInt32BE(payload.length - 4) : undefined;
}

/**
 * Splits the command stream; bytes of an incomplete command wait for the next chunk (a command is at most
 * 4 + 65535 bytes, so that is all a connection ever holds). The init packet, which has no length, is taken off
 * the front with `take`.
 */
export class CommandReader {
  private buffer: Buffer = Buffer.alloc(0);

  get buffered(): number {
    return this.buffer.length;
  }

  feed(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
  }

  take(count: number): Buffer | undefined {
    if (this.buffer.length < count) return undefined;
    const head = Buffer.from(this.buffer.subarray(0, count));
    this.buffer = this.buffer.subarray(count);
    return head;
  }

  next(): CameraCommand | undefined {
    if (this.buffer.length < 4) return undefined;
    const length = this.buffer.readUInt16BE(2);
    if (this.buffer.length < 4 + length) return undefined;
    const command = {
      id: this.buffer.readUInt16BE(0),
      payload: Buffer.from(this.buffer.subarray(4, 4 + length)),
    };
    this.buffer = this.buffer.subarray(4 + length);
    return command;
  }
}
