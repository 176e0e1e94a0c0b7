/**
 * The byte layout of the camera upload protocol (docs: shared/protocols/dualcam.md), camera side.
 * All integers big-endian. After the 16-byte init, every message is `u16 command | u16 length | payload`.
 */

export const PROTOCOL_ID = 0x0005;
/** File bytes in one DATA packet (the last one may be shorter). */
export const PACKET_SIZE = 1024;

export const CMD = {
  close: 0x0000,
  start: 0x0001,
  resume: 0x0002,
  sync: 0x0003,
  data: 0x0004,
  status: 0x0005,
  fileRequest: 0x0008,
  repeatInit: 0x0009,
  metadataQuery: 0x000a,
  metadata: 0x000b,
} as const;

/** The 7-character paths the server asks files by. */
export type CameraFileId = '%photof' | '%photor' | '%videof' | '%videor';

/** Init settings bit saying which file waits. */
export const SETTINGS_BIT: Record<CameraFileId, number> = {
  '%photof': 0x04,
  '%photor': 0x08,
  '%videof': 0x10,
  '%videor': 0x20,
};

export const fileIdOf = (type: 'photo' | 'video', camera: 'F' | 'R'): CameraFileId =>
  `%${type}${camera === 'F' ? 'f' : 'r'}` as CameraFileId;

export const settingsOf = (ids: Iterable<CameraFileId>): number => {
  let bits = 0;
  for (const id of ids) bits |= SETTINGS_BIT[id];
  return bits;
};

export function encodeInit(imei: string, settings: number): Buffer {
  const b = Buffer.alloc(16);
  b.writeUInt16BE(0x0000, 0);
  b.writeUInt16BE(PROTOCOL_ID, 2);
  b.writeBigUInt64BE(BigInt(imei), 4);
  b.writeUInt32BE(settings >>> 0, 12);
  return b;
}

export function encodeMessage(command: number, payload: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(command, 0);
  head.writeUInt16BE(payload.length, 2);
  return Buffer.concat([head, payload]);
}

const u32 = (value: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(value >>> 0);
  return b;
};

/** START: the number of packets of the file, then u16 0. */
export function encodeStart(packets: number): Buffer {
  return encodeMessage(CMD.start, Buffer.concat([u32(packets), Buffer.alloc(2)]));
}

/** SYNC: the 1-based packet offset the camera sends from. */
export const encodeSync = (offset: number): Buffer => encodeMessage(CMD.sync, u32(offset));

/** DATA: the packet's file bytes then its chained CRC-16 (the length covers both). */
export function encodeData(bytes: Uint8Array, crc: number): Buffer {
  const payload = Buffer.alloc(bytes.length + 2);
  payload.set(bytes, 0);
  payload.writeUInt16BE(crc & 0xffff, bytes.length);
  return encodeMessage(CMD.data, payload);
}

/** 0x0009: another file waits; the payload repeats the init's protocol id, IMEI and settings. */
export const encodeRepeatInit = (imei: string, settings: number): Buffer =>
  encodeMessage(CMD.repeatInit, encodeInit(imei, settings).subarray(2));

export interface Message {
  command: number;
  payload: Buffer;
}

/** Splits the server's byte stream into messages, whatever the TCP segmentation. */
export class MessageReader {
  private buffer: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Message[] {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const out: Message[] = [];
    while (this.buffer.length >= 4) {
      const length = this.buffer.readUInt16BE(2);
      if (this.buffer.length < 4 + length) break;
      out.push({
        command: this.buffer.readUInt16BE(0),
        payload: Buffer.from(this.buffer.subarray(4, 4 + length)),
      });
      this.buffer = this.buffer.subarray(4 + length);
    }
    return out;
  }
}
