/**
 * The CRC of the camera's DATA packets: CRC-16 with the reflected polynomial 0x8408 (CRC-16/KERMIT when
 * started from 0), chained: each packet's CRC starts from the previous packet's CRC, the first from 0.
 */
export function crc16Kermit(bytes: Uint8Array, start = 0): number {
  let crc = start & 0xffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return crc;
}

/** The CRC of every packet of a file cut in `packetSize` pieces, each chained on the one before. */
export function chainedCrcs(file: Uint8Array, packetSize: number): number[] {
  const crcs: number[] = [];
  let crc = 0;
  for (let offset = 0; offset < file.length; offset += packetSize) {
    crc = crc16Kermit(file.subarray(offset, offset + packetSize), crc);
    crcs.push(crc);
  }
  return crcs;
}
