import { crc16Ibm } from './crc';

/** The TCP framing of Teltonika data: `00000000 | u32 dataLength | data | u32 CRC-16/IBM of data`. */

export const FRAME_HEADER_LENGTH = 8;
export const FRAME_CRC_LENGTH = 4;
/** The smallest data: codec, record count, record count. */
export const MIN_DATA_LENGTH = 3;
/**
 * Far above any real AVL packet (FMB devices send at most a few kilobytes); a larger length means the
 * stream is garbage, and waiting for that many bytes would only hold memory.
 */
export const MAX_DATA_LENGTH = 256 * 1024;
/** IMEIs are 15 digits; a little slack for other identifiers, none for garbage. */
export const MAX_IMEI_LENGTH = 20;
export const PING_BYTE = 0xff;

export function encodeTcpFrame(data: Buffer): Buffer {
  const frame = Buffer.alloc(FRAME_HEADER_LENGTH + data.length + FRAME_CRC_LENGTH);
  frame.writeUInt32BE(data.length, 4);
  data.copy(frame, FRAME_HEADER_LENGTH);
  frame.writeUInt32BE(crc16Ibm(data), FRAME_HEADER_LENGTH + data.length);
  return frame;
}

/** The TCP handshake a device sends first: u16 length + ASCII IMEI. */
export function encodeImeiPacket(imei: string): Buffer {
  const ascii = Buffer.from(imei, 'ascii');
  const packet = Buffer.alloc(2 + ascii.length);
  packet.writeUInt16BE(ascii.length);
  ascii.copy(packet, 2);
  return packet;
}

/** The server's answer to an AVL frame: the number of records accepted as u32. */
export function encodeTcpAck(recordCount: number): Buffer {
  const ack = Buffer.alloc(4);
  ack.writeUInt32BE(recordCount);
  return ack;
}
