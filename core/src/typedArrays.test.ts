import { describe, expect, it } from 'vitest';
import { grown } from './typedArrays';

describe('grown', () => {
  it('answers a larger array of the same kind with the values at its start and zeros after', () => {
    const a = Float64Array.of(1.5, -2, NaN);
    const b = grown(a, 5);
    expect(b).toBeInstanceOf(Float64Array);
    expect(b).not.toBe(a);
    expect(Array.from(b)).toEqual([1.5, -2, NaN, 0, 0]);
    const c = grown(Int8Array.of(-1, 7), 4);
    expect(c).toBeInstanceOf(Int8Array);
    expect(Array.from(c)).toEqual([-1, 7, 0, 0]);
    expect(Array.from(grown(Uint16Array.of(65535), 2))).toEqual([65535, 0]);
  });

  it('leaves the original untouched and refuses a capacity smaller than its length', () => {
    const a = Uint8Array.of(1, 2, 3);
    grown(a, 8)[0] = 9;
    expect(Array.from(a)).toEqual([1, 2, 3]);
    expect(() => grown(a, 2)).toThrow(RangeError);
  });
});
