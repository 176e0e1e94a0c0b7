import { describe, expect, it } from 'vitest';
import { cameraCrc } from './crc';

/** CRC-16/X-25: the same reflected polynomial with initial 0xFFFF and final xor 0xFFFF (what the doc does not mean). */
function x25(data: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return crc ^ 0xffff;
}

describe('camera DATA CRC (CRC-16/KERMIT: reflected 0x8408, init 0, no final xor)', () => {
  const check = Buffer.from('123456789', 'ascii');

  it('gives the catalogue check value of "123456789"', () => {
    expect(cameraCrc(check)).toBe(0x2189);
    // the X-25 variant of the same polynomial has another check value: the doc's "from 0" rules it out
    expect(x25(check)).toBe(0x906e);
    expect(cameraCrc(check)).not.toBe(x25(check));
  });

  it('chains: each packet starts from the previous CRC, the whole equals one run over all bytes', () => {
    const first = cameraCrc(check.subarray(0, 4));
    const chained = cameraCrc(check.subarray(4), first);
    expect(chained).toBe(0x2189);
    const file = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 31 + 7) & 0xff));
    let crc = 0;
    for (let at = 0; at < file.length; at += 1024) crc = cameraCrc(file.subarray(at, at + 1024), crc);
    expect(crc).toBe(cameraCrc(file));
  });

  it('changes with any flipped bit and starts from 0', () => {
    expect(cameraCrc(new Uint8Array(0))).toBe(0);
    const flipped = Buffer.from(check);
    flipped[3] ^= 0x10;
    expect(cameraCrc(flipped)).not.toBe(0x2189);
  });
});
