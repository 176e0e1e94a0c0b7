import { describe, expect, it } from 'vitest';
import { crc16Ibm } from './crc';
import {
  DOC_CODEC12_GETINFO,
  DOC_CODEC16,
  DOC_CODEC8,
  DOC_CODEC8E,
  frameData,
  hex,
} from './vectors.testdata';

describe('crc16Ibm', () => {
  it('matches the CRC-16/ARC check value', () => {
    expect(crc16Ibm(Buffer.from('123456789', 'ascii'))).toBe(0xbb3d);
  });

  it('is 0 for no bytes', () => {
    expect(crc16Ibm(Buffer.alloc(0))).toBe(0);
  });

  it.each([
    ['codec 8', DOC_CODEC8, 0xc7cf],
    ['codec 8 extended', DOC_CODEC8E, 0x2994],
    ['codec 16', DOC_CODEC16, 0x5fb3],
    ['codec 12 getinfo', DOC_CODEC12_GETINFO, 0x4312],
  ])('matches the documented CRC of the %s example', (_name, frame, crc) => {
    expect(crc16Ibm(frameData(hex(frame)))).toBe(crc);
  });

  it('honours start and end offsets', () => {
    const data = Buffer.from('xx123456789yy', 'ascii');
    expect(crc16Ibm(data, 2, 11)).toBe(0xbb3d);
  });
});
