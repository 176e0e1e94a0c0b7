/**
 * The demo fleet's driver keys, shared by the seed (drivers.uniqueId) and the simulator (what the RFID /
 * iButton reader reports). Teltonika sends the key as an 8-byte number in IO 78, which the server shows as
 * 16 uppercase hex digits; phones send the same text as `driverUniqueId`. So the key is written that way
 * here, and both protocols resolve to the seeded driver.
 */

export const DEMO_DRIVER_COUNT = 12;

/** Dallas 1-Wire CRC-8 (x^8 + x^5 + x^4 + 1), as an iButton's ROM carries it. */
function crc8(bytes: readonly number[]): number {
  let crc = 0;
  for (const byte of bytes) {
    let b = byte;
    for (let i = 0; i < 8; i++) {
      const mix = (crc ^ b) & 1;
      crc >>= 1;
      if (mix) crc ^= 0x8c;
      b >>= 1;
    }
  }
  return crc;
}

/**
 * The key of demo driver `index`: a DS1990A ROM (family code 01, a 48-bit serial number, CRC-8), read
 * CRC first as the tracker reports it, e.g. "B100000A0F100001" for the first.
 */
export function demoDriverKey(index: number): string {
  const serial = 0x0a0f1000 + (index % DEMO_DRIVER_COUNT);
  // the ROM byte order on the wire: family code, serial least significant byte first
  const serialBytes = Array.from({ length: 6 }, (_, i) => Math.floor(serial / 2 ** (8 * i)) & 0xff);
  const rom = [0x01, ...serialBytes];
  const reported = [crc8(rom), ...serialBytes.reverse(), 0x01];
  return reported
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}
