import { ProtocolDecodeError } from '../framed/codec';
import { encodePacket } from './packet';

/** Protocol numbers of the online command exchange. */
export const COMMAND = 0x80;
export const COMMAND_ANSWER = 0x15;
export const COMMAND_ANSWER_EXTENDED = 0x21;

/** The command length byte counts the 4-byte server flag and the text. */
const MAX_TEXT = 0xff - 10;

/**
 * A text command (`Relay,1#` cuts the engine, `Relay,0#` restores it) in a 0x80 frame: command length,
 * server flag, ASCII text, serial.
 */
export function encodeCommandFrame(text: string, serverFlag: number, serial: number): Buffer {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new RangeError('a GT06 command is printable ASCII');
  if (text.length > MAX_TEXT) throw new RangeError(`a GT06 command is at most ${MAX_TEXT} characters`);
  const content = Buffer.alloc(5 + text.length);
  content[0] = 4 + text.length;
  content.writeUInt32BE(serverFlag >>> 0, 1);
  content.write(text, 5, 'ascii');
  return encodePacket(COMMAND, content, serial);
}

const withoutPadding = (text: string): string => text.replace(/\0+$/, '');

/**
 * The text of a 0x15 answer: command length, the server flag echoed, the text, then the language.
 * Some devices send a zero length: the text then runs to the language.
 */
export function readCommandAnswer(content: Buffer): string {
  if (content.length < 5) throw new ProtocolDecodeError('command answer too short');
  const length = content[0];
  const end = length >= 4 && 1 + length <= content.length ? 1 + length : Math.max(5, content.length - 2);
  return withoutPadding(content.toString('latin1', 5, end));
}

/** The text of a 0x21 answer: the server flag, an encoding byte (1: ASCII, else UTF-16BE), the text. */
export function readExtendedAnswer(content: Buffer): string {
  if (content.length < 5) throw new ProtocolDecodeError('command answer too short');
  const text = content.subarray(5);
  if (content[4] === 1) return withoutPadding(text.toString('latin1'));
  const swapped = Buffer.from(text.subarray(0, text.length & ~1)).swap16();
  return withoutPadding(swapped.toString('utf16le'));
}
