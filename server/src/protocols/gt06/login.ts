import { ProtocolDecodeError } from '../framed/codec';

/** The terminal ID of a login (0x01): the IMEI as 8 bytes of BCD, a 0 nibble before its 15 digits. */
export const TERMINAL_ID_LENGTH = 8;

export function readImei(content: Buffer): string {
  if (content.length < TERMINAL_ID_LENGTH) throw new ProtocolDecodeError('login without a terminal ID');
  const digits = content.subarray(0, TERMINAL_ID_LENGTH).toString('hex');
  if (!/^[0-9]{16}$/.test(digits)) throw new ProtocolDecodeError(`terminal ID ${digits} is not BCD`);
  return digits.slice(1);
}

/** The BCD terminal ID of a numeric id of up to 16 digits (zero-padded on the left). */
export function writeImei(uniqueId: string): Buffer {
  if (!/^[0-9]{1,16}$/.test(uniqueId))
    throw new RangeError(`a GT06 device id is up to 16 digits: ${uniqueId}`);
  return Buffer.from(uniqueId.padStart(16, '0'), 'hex');
}
