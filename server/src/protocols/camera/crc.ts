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
const TABLE = buildTable();

function buildTable(): Uint16Array {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let crc = n;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
    table[n] = crc;
  }
  return table;
}

/** CRC-16/KERMIT of `data`, continuing from `previous` (the CRC of the packets before; 0 for the first). */
export function cameraCrc(data: Uint8Array, previous = 0, start = 0, end = data.length): number {
  let crc = previous & 0xffff;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ TABLE[(crc ^ data[i]) & 0xff];
  return crc;
}
