/**
 * CRC-ITU as GT06 devices compute it (CRC-16/X-25): reflected polynomial 0x8408, initial value 0xFFFF,
 * final xor 0xFFFF.
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

export function crc16X25(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ TABLE[(crc ^ data[i]) & 0xff];
  return (crc ^ 0xffff) & 0xffff;
}
