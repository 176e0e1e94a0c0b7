import { describe, expect, it } from 'vitest';
import { chainedCrcs, crc16Kermit } from './crc';

describe('camera packet CRC', () => {
  it('is CRC-16/KERMIT from 0 (check value of "123456789" is 0x2189)', () => {
    expect(crc16Kermit(Buffer.from('123456789'))).toBe(0x2189);
    expect(crc16Kermit(Buffer.alloc(0))).toBe(0);
  });

  it('chains: a CRC started from the previous one equals the CRC of both pieces at once', () => {
    const a = Buffer.from('1234');
    const b = Buffer.from('56789');
    expect(crc16Kermit(b, crc16Kermit(a))).toBe(0x2189);
  });

  it('gives one chained CRC per packet, the last one covering the whole file', () => {
    const file = Buffer.from(Array.from({ length: 2500 }, (_, i) => (i * 7) & 0xff));
    const crcs = chainedCrcs(file, 1024);
    expect(crcs).toHaveLength(3);
    expect(crcs[0]).toBe(crc16Kermit(file.subarray(0, 1024)));
    expect(crcs[1]).toBe(crc16Kermit(file.subarray(1024, 2048), crcs[0]));
    expect(crcs[2]).toBe(crc16Kermit(file));
  });
});
