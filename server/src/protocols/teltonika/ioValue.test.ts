import { describe, expect, it } from 'vitest';
import { bigUnsignedOf, rawIoValue, unsignedOf } from './ioValue';

const u64 = (value: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(value);
  return b;
};

describe('8-byte IO values', () => {
  it('are exact numbers up to 2^53 - 1 and decimal strings beyond, as a BigInt would give them', () => {
    for (const value of [
      0n,
      1n,
      0xffffffffn,
      0x100000000n,
      2n ** 53n - 1n,
      2n ** 53n,
      2n ** 64n - 1n,
      0x5246494431303030n,
    ]) {
      const raw = u64(value);
      expect(bigUnsignedOf(raw)).toBe(value);
      expect(unsignedOf(raw)).toBe(Number(value));
      expect(rawIoValue(raw)).toBe(
        value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString(),
      );
    }
  });

  it('reads other sizes byte by byte', () => {
    expect(bigUnsignedOf(Buffer.from([1, 2, 3]))).toBe(0x010203n);
    expect(unsignedOf(Buffer.from([1, 2, 3, 4, 5, 6, 7]))).toBe(0x01020304050607);
    expect(rawIoValue(Buffer.from([0xab, 0xcd]), true)).toBe('abcd');
  });
});
