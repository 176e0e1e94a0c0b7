import { ProtocolDecodeError } from '../framed/codec';
import { crc16X25 } from './crc';
import { frameSize, LONG_START, SHORT_START } from './framer';

/** One GT06 frame with its envelope checked: start, length, CRC and stop bytes. */
export interface Gt06Packet {
  /** framed with 0x7979 and a 2-byte length */
  extended: boolean;
  /** the protocol number */
  type: number;
  /** the bytes between the protocol number and the serial number */
  content: Buffer;
  /** the information serial number the device counts up */
  serial: number;
}

/** Reads a whole frame; throws ProtocolDecodeError when its envelope is not GT06's. */
export function parsePacket(frame: Buffer): Gt06Packet {
  const header = frameSize(frame);
  if (header === undefined || 'fatal' in header)
    throw new ProtocolDecodeError(header ? header.fatal : 'frame too short');
  if (frame.length !== header.size)
    throw new ProtocolDecodeError(`frame of ${frame.length} bytes, its length says ${header.size}`);
  const { size } = header;
  if (frame[size - 2] !== 0x0d || frame[size - 1] !== 0x0a) throw new ProtocolDecodeError('no stop bytes');
  const expected = crc16X25(frame, 2, size - 4);
  const actual = frame.readUInt16BE(size - 4);
  if (expected !== actual)
    throw new ProtocolDecodeError(`CRC 0x${actual.toString(16)}, computed 0x${expected.toString(16)}`);
  const extended = frame[0] === LONG_START;
  const typeAt = extended ? 4 : 3;
  return {
    extended,
    type: frame[typeAt],
    content: frame.subarray(typeAt + 1, size - 6),
    serial: frame.readUInt16BE(size - 6),
  };
}

/** Builds a frame: start bytes, length, protocol number, content, serial, CRC, stop bytes. */
export function encodePacket(type: number, content: Uint8Array, serial: number, extended = false): Buffer {
  const length = 1 + content.length + 2 + 2;
  const header = extended ? 4 : 3;
  if (length > (extended ? 0xffff : 0xff))
    throw new RangeError(`GT06 frame content of ${content.length} bytes`);
  const frame = Buffer.alloc(header + length + 2);
  frame[0] = frame[1] = extended ? LONG_START : SHORT_START;
  if (extended) frame.writeUInt16BE(length, 2);
  else frame[2] = length;
  frame[header] = type;
  frame.set(content, header + 1);
  frame.writeUInt16BE(serial & 0xffff, header + 1 + content.length);
  const crcAt = header + 1 + content.length + 2;
  frame.writeUInt16BE(crc16X25(frame, 2, crcAt), crcAt);
  frame[crcAt + 2] = 0x0d;
  frame[crcAt + 3] = 0x0a;
  return frame;
}
