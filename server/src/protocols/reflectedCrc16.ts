/**
 * CRC-16 with the reflected polynomial 0x8408 (0x1021 bit-reversed), from a given register and without a
 * final xor: CRC-16/KERMIT from 0 (DualCam files), CRC-16/X-25 from 0xFFFF with a final xor (GT06).
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

export function reflectedCrc16(data: Uint8Array, initial: number, start = 0, end = data.length): number {
  let crc = initial & 0xffff;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ TABLE[(crc ^ data[i]) & 0xff];
  return crc;
}
