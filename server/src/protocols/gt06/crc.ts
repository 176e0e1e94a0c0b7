import { reflectedCrc16 } from '../reflectedCrc16';

/**
 * CRC-ITU as GT06 devices compute it (CRC-16/X-25): reflected polynomial 0x8408, initial value 0xFFFF,
 * final xor 0xFFFF.
 */
export function crc16X25(data: Uint8Array, start = 0, end = data.length): number {
  return (reflectedCrc16(data, 0xffff, start, end) ^ 0xffff) & 0xffff;
}
