/** CRC-16/IBM (also called CRC-16/ARC): reflected polynomial 0xA001, initial value 0, no final xor. */
const TABLE = buildTable();

function buildTable(): Uint16Array {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let crc = n;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
    table[n] = crc;
  }
  return table;
}

export function crc16Ibm(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ TABLE[(crc ^ data[i]) & 0xff];
  return crc;
}
