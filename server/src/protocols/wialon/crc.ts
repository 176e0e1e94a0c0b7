import { crc16Ibm } from '../teltonika/crc';

/**
 * Wialon IPS 2.0 checksums: CRC-16/ARC (the IBM polynomial, reflected, initial value 0) of the message
 * text after `#TYPE#`, from its first byte up to and including the separator before the CRC field
 * (`;` in L, SD, D and M packets, `|` in B packets). The CRC field is hexadecimal; devices send it as
 * four digits, some with fewer digits or a `0x` prefix.
 */
export const wialonCrc = (bytes: Uint8Array): number => crc16Ibm(bytes);

/** The CRC as devices write it: four upper-case hex digits. */
export const formatCrc = (crc: number): string => crc.toString(16).toUpperCase().padStart(4, '0');

const CRC_FIELD = /^(?:0x)?([0-9a-f]{1,4})$/i;

/** The value of a CRC field, or undefined when it is not one. */
export function parseCrcField(field: string): number | undefined {
  const match = CRC_FIELD.exec(field.trim());
  return match ? parseInt(match[1], 16) : undefined;
}

export interface CheckedBody {
  /** the checked bytes: the message up to and including the separator before the CRC field */
  content: Buffer;
  /** whether the CRC field is one and matches the content */
  ok: boolean;
}

/** Splits a 2.0 message into its content and trailing CRC field; undefined when there is no separator. */
export function checkTrailingCrc(body: Buffer, separator: ';' | '|'): CheckedBody | undefined {
  const at = body.lastIndexOf(separator.charCodeAt(0));
  if (at < 0) return undefined;
  const content = body.subarray(0, at + 1);
  const expected = parseCrcField(body.subarray(at + 1).toString('latin1'));
  return { content, ok: expected !== undefined && expected === wialonCrc(content) };
}
