import { reflectedCrc16 } from '../reflectedCrc16';

/**
 * The DualCam DATA checksum: CRC-16 with the reflected polynomial 0x8408 (0x1021 bit-reversed), initial value
 * 0, no final xor — the CRC-16/KERMIT parameters (check value of "123456789": 0x2189). With no final xor the
 * register is the CRC, so chaining is exact: each packet's CRC starts from the previous packet's CRC, the first
 * from 0, and the CRC of all packets so far equals the CRC of their bytes in one run. The value travels as a
 * big-endian u16 like every integer of the protocol.
 *
 * The other reflected-0x8408 variant, CRC-16/X-25 (initial 0xFFFF, final xor 0xFFFF, check 0x906E), cannot be
 * what the protocol means: it says the first packet starts "from 0", and a final xor would break the chain.
 */
/** CRC-16/KERMIT of `data`, continuing from `previous` (the CRC of the packets before; 0 for the first). */
export function cameraCrc(data: Uint8Array, previous = 0, start = 0, end = data.length): number {
  return reflectedCrc16(data, previous, start, end);
}
