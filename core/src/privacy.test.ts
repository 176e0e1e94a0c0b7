import { describe, expect, it } from 'vitest';
import { blankPosition, isBlankedPosition, isPrivatePosition } from './privacy';

describe('privacy', () => {
  it('is private in privacy mode or on a private vehicle', () => {
    expect(isPrivatePosition({ attributes: { privacy: 1 } })).toBe(true);
    expect(isPrivatePosition({ attributes: {} }, { privacy: '1' })).toBe(true);
    expect(isPrivatePosition({ attributes: { privacy: 0 } }, { privacy: 0 })).toBe(false);
    expect(isPrivatePosition({ attributes: null }, null)).toBe(false);
  });
  it('removes where the vehicle was and keeps the rest', () => {
    const p = {
      id: 3,
      latitude: -8.8,
      longitude: 13.2,
      address: 'Rua 1',
      course: 90,
      altitude: 40,
      speed: 20,
      attributes: { ignition: true, totalDistance: 5000 },
    };
    const b = blankPosition(p);
    expect(b).toEqual({
      id: 3,
      latitude: 0,
      longitude: 0,
      address: null,
      course: 0,
      altitude: 0,
      speed: 20,
      attributes: { ignition: true, totalDistance: 5000, privacyBlanked: true },
    });
    expect(p.latitude).toBe(-8.8);
    expect(isBlankedPosition(b)).toBe(true);
    expect(isBlankedPosition(p)).toBe(false);
    expect(isBlankedPosition(null)).toBe(false);
  });
});
