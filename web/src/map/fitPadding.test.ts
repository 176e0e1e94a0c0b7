import { describe, expect, it } from 'vitest';
import { FIT_PADDING, fitPadding } from './CameraDirector';

describe('fitPadding', () => {
  it("keeps the spec's 100 px where the map has room (a desktop beside the panel)", () => {
    expect(fitPadding(1090, 854)).toBe(FIT_PADDING);
  });

  it('gives a phone less, so the fleet is not squeezed into the middle, but keeps it off the map controls', () => {
    expect(fitPadding(390, 750)).toBe(56);
    expect(fitPadding(844, 300)).toBe(56);
    expect(fitPadding(900, 1000)).toBe(100);
  });

  it('never takes more than a third of a tiny map, nor goes negative on one not laid out yet', () => {
    expect(fitPadding(120, 400)).toBe(40);
    expect(fitPadding(0, 0)).toBe(0);
    expect(fitPadding(-20, 400)).toBe(0);
  });
});
