import { describe, expect, it } from 'vitest';
import {
  colourRuns,
  HIDDEN,
  isSpeeding,
  NORMAL,
  routeFlags,
  ROUTE_COLOUR,
  SPEEDING,
  SPEEDING_COLOUR,
} from './routeColours';
import { tripKm } from './units';

describe('route colours', () => {
  it('is red where knots × 1.852 exceed the limit in km/h', () => {
    expect(isSpeeding(50, 92)).toBe(true); // 92.6 km/h
    expect(isSpeeding(49.6, 92)).toBe(false); // 91.86 km/h
    expect(isSpeeding(100, NaN)).toBe(false);
    expect(isSpeeding(100, 0)).toBe(false);
  });

  it('flags speeding and hidden positions', () => {
    const flags = routeFlags([1, 1, NaN, 1], [2, 2, 2, 2], [10, 60, 60, 10], [80, 80, 80, NaN]);
    expect([...flags]).toEqual([NORMAL, SPEEDING, HIDDEN, NORMAL]);
  });

  it('joins segments of one colour and breaks the line at hidden positions', () => {
    const flags = Uint8Array.of(NORMAL, NORMAL, SPEEDING, SPEEDING, NORMAL, HIDDEN, NORMAL, NORMAL);
    expect(colourRuns(flags)).toEqual([
      { from: 0, to: 1, colour: ROUTE_COLOUR },
      { from: 1, to: 3, colour: SPEEDING_COLOUR },
      { from: 3, to: 4, colour: ROUTE_COLOUR },
      { from: 6, to: 7, colour: ROUTE_COLOUR },
    ]);
    expect(colourRuns(flags, 2, 4)).toEqual([
      { from: 2, to: 3, colour: SPEEDING_COLOUR },
      { from: 3, to: 4, colour: ROUTE_COLOUR },
    ]);
  });

  it('shows trip distance in km with one decimal', () => {
    expect(tripKm(12_345)).toBe(12.3);
    expect(tripKm(12_351)).toBe(12.4);
    expect(tripKm(0)).toBe(0);
  });
});
