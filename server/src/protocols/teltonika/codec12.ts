import { CODEC_12, TeltonikaDecodeError } from './avlRecord';
import { ByteCursor } from './byteCursor';
import { encodeTcpFrame } from './tcpFrame';

/** Codec 12 (GPRS commands): data = 0C | 01 | type | u32 length | text | 01. */

export const CODEC12_COMMAND = 0x05;
export const CODEC12_RESPONSE = 0x06;

export interface Codec12Message {
  type: number;
  text: string;
}

export function encodeCodec12Data(type: number, text: string): Buffer {
  const body = Buffer.from(text, 'utf8');
  const data = Buffer.alloc(8 + body.length);
  data[0] = CODEC_12;
  data[1] = 1;
  data[2] = type;
  data.writeUInt32BE(body.length, 3);
  body.copy(data, 7);
  data[7 + body.length] = 1;
  return data;
}

/** A command from the server as a complete TCP frame (preamble, length, data, CRC). */
export function encodeCodec12Command(text: string): Buffer {
  return encodeTcpFrame(encodeCodec12Data(CODEC12_COMMAND, text));
}

/** Decodes Codec 12 data (codec byte .. second quantity); throws TeltonikaDecodeError when malformed. */
export function decodeCodec12(data: Buffer): Codec12Message {
  const cursor = new ByteCursor(data);
  if (cursor.u8() !== CODEC_12) throw new TeltonikaDecodeError('not codec 12');
  const quantity = cursor.u8();
  if (quantity !== 1) throw new TeltonikaDecodeError(`codec 12 quantity ${quantity}`);
  const type = cursor.u8();
  const text = cursor.bytes(cursor.u32()).toString('utf8');
  if (cursor.u8() !== quantity) throw new TeltonikaDecodeError('codec 12 quantities differ');
  if (cursor.remaining !== 0) throw new TeltonikaDecodeError('bytes after codec 12 message');
  return { type, text };
}
