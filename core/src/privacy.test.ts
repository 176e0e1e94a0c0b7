import { describe, expect, it } from 'vitest';
import { blankAttributes, blankPosition, isBlankedPosition, isPrivatePosition } from './privacy';

describe('privacy', () => {
  it('is private in privacy mode or on a private vehicle', () => {
    expect(isPrivatePosition({ attributes: { privacy: 1 } })).toBe(true);
    expect(isPrivatePosition({ attributes: {} }, { privacy: '1' })).toBe(true);
    expect(isPrivatePosition({ attributes: { privacy: 0 } }, { privacy: 0 })).toBe(false);
    expect(isPrivatePosition({ attributes: null }, null)).toBe(false);
  });
  it('removes where the vehicle was and what was read along the track', () => {
    const p = {
      id: 3,
      latitude: -8.8,
      longitude: 13.2,
      address: 'Rua 1',
      course: 90,
      altitude: 40,
      speed: 20,
      fixTime: '2024-01-01T00:00:00.000Z',
      valid: true,
      network: { cellTowers: [{ cellId: 1 }] },
      geofenceIds: [4],
      attributes: { ignition: true, totalDistance: 5000, privacy: 1, cid: 77 },
    };
    const b = blankPosition(p);
    expect(b).toEqual({
      id: 3,
      latitude: 0,
      longitude: 0,
      address: null,
      course: 0,
      altitude: 0,
      speed: 0,
      fixTime: '2024-01-01T00:00:00.000Z',
      valid: true,
      network: null,
      geofenceIds: null,
      attributes: { privacy: 1, privacyBlanked: true },
    });
    expect(blankAttributes(null)).toEqual({ privacyBlanked: true });
    expect(p.latitude).toBe(-8.8);
    expect(isBlankedPosition(b)).toBe(true);
    expect(isBlankedPosition(p)).toBe(false);
    expect(isBlankedPosition(null)).toBe(false);
  });
});
