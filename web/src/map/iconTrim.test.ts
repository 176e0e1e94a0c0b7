import { describe, expect, it } from 'vitest';
import { trimmedAroundCentre, type Pixels } from './iconTrim';

/** A transparent image with the given pixels opaque (red, alpha `alpha`). */
function image(width: number, height: number, opaque: Array<[number, number]>, alpha = 255): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (const [x, y] of opaque) data.set([255, 0, 0, alpha], (y * width + x) * 4);
  return { width, height, data };
}

const opaqueAt = (p: Pixels) => {
  const found: Array<[number, number]> = [];
  for (let y = 0; y < p.height; y++)
    for (let x = 0; x < p.width; x++) if (p.data[(y * p.width + x) * 4 + 3]) found.push([x, y]);
  return found;
};

describe('trimmedAroundCentre', () => {
  it('cuts the transparent margins of a tall shape, evenly on both sides', () => {
    // a 4-pixel wide, 10-pixel tall bar in the middle of a 12 x 12 square
    const bar: Array<[number, number]> = [];
    for (let y = 1; y < 11; y++) for (let x = 4; x < 8; x++) bar.push([x, y]);
    const trimmed = trimmedAroundCentre(image(12, 12, bar));
    expect([trimmed.width, trimmed.height]).toEqual([4, 10]);
    expect(opaqueAt(trimmed)).toHaveLength(bar.length);
  });

  it('keeps the centre: a shape off the centre keeps the room on its far side', () => {
    // one pixel right of the centre of a 10 x 10 square, at (7, 5)
    const trimmed = trimmedAroundCentre(image(10, 10, [[7, 5]]));
    expect([trimmed.width, trimmed.height]).toEqual([6, 2]);
    expect(opaqueAt(trimmed)).toEqual([[5, 1]]);
  });

  it('counts a faint pixel as drawn', () => {
    const trimmed = trimmedAroundCentre(image(10, 10, [[0, 0]], 1));
    expect([trimmed.width, trimmed.height]).toEqual([10, 10]);
  });

  it('gives an image with nothing to cut, or nothing drawn, back as it is', () => {
    const full = image(4, 4, [
      [0, 0],
      [3, 3],
    ]);
    expect(trimmedAroundCentre(full)).toBe(full);
    const empty = image(4, 4, []);
    expect(trimmedAroundCentre(empty)).toBe(empty);
  });
});
