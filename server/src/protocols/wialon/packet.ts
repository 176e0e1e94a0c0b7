import { ProtocolDecodeError } from '../framed/codec';

/** The largest packet accepted; a line longer than this is not the protocol (a long black box fits). */
export const MAX_PACKET_BYTES = 32 * 1024;

/** One `#TYPE#message` line, cut but not yet read. */
export interface RawPacket {
  type: string;
  /** the message between `#TYPE#` and the line end */
  body: Buffer;
  /** the UDP-style `version;id` (or bare `id`) some devices put before `#TYPE#` */
  prefix?: { version?: string; uniqueId: string };
}

const HASH = 0x23;
const TYPE = /^[A-Z]{1,3}$/;
const VERSION = /^\d+\.\d+$/;
const ID = /^[\x21-\x7e]{1,64}$/;

function stripLineEnd(frame: Buffer): Buffer {
  let end = frame.length;
  if (end > 0 && frame[end - 1] === 0x0a) end--;
  if (end > 0 && frame[end - 1] === 0x0d) end--;
  return frame.subarray(0, end);
}

function readPrefix(text: string): RawPacket['prefix'] {
  const parts = text.split(';');
  const [version, uniqueId] = parts.length === 2 ? parts : [undefined, parts[0]];
  if (parts.length > 2 || !ID.test(uniqueId) || (version !== undefined && !VERSION.test(version)))
    throw new ProtocolDecodeError('not a Wialon IPS packet prefix');
  return { version, uniqueId };
}

/** Cuts a framed line into type and message. Throws ProtocolDecodeError when it is not the protocol. */
export function splitPacket(frame: Buffer): RawPacket {
  const line = stripLineEnd(frame);
  const start = line.indexOf(HASH);
  const separator = start < 0 ? -1 : line.indexOf(HASH, start + 1);
  if (separator < 0) throw new ProtocolDecodeError('not a Wialon IPS packet');
  const type = line.subarray(start + 1, separator).toString('latin1');
  if (!TYPE.test(type)) throw new ProtocolDecodeError('not a Wialon IPS packet type');
  const prefix = start > 0 ? readPrefix(line.subarray(0, start).toString('latin1')) : undefined;
  return { type, body: line.subarray(separator + 1), prefix };
}

/** Version 2 and later carry a CRC16 in every packet. */
export const hasCrc = (version: string | undefined): boolean =>
  version !== undefined && Number(version.split('.')[0]) >= 2;
