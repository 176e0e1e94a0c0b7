import { describe, expect, it } from 'vitest';
import { PRIVACY_BLANKED } from '@frota/core';
import { fleetPoints } from './fleetPoints';

describe('fleetPoints', () => {
  it("leaves out a private vehicle's blanked position, keeps the rest", () => {
    const points = fleetPoints([
      { latitude: -8.87, longitude: 13.27, attributes: {} },
      { latitude: 0, longitude: 0, attributes: { [PRIVACY_BLANKED]: true } },
      { latitude: -8.95, longitude: 13.39, attributes: null },
    ]);
    expect(points).toEqual([
      [13.27, -8.87],
      [13.39, -8.95],
    ]);
  });
});
