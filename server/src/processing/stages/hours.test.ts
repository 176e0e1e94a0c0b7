import { describe, expect, it } from 'vitest';
import type { DeviceState } from '../deviceState';
import type { ProcessedPosition } from '../types';
import { applyHours } from './hours';

const MIN = 60_000;
const state = (ignition: boolean, hours = 1000): DeviceState => ({
  id: 1,
  uniqueId: 'u',
  name: 'v',
  groupId: null,
  disabled: false,
  attributes: {},
  status: 'online',
  lastUpdate: 0,
  last: { fixTime: 0, latitude: 0, longitude: 0, speed: 0, valid: true, attributes: { ignition, hours } },
  geofenceIds: [],
  overspeedSince: null,
  overspeedReported: false,
  lastCard: null,
});
const at = (fixTime: number, attributes: Record<string, unknown>) =>
  ({ fixTime, attributes }) as unknown as ProcessedPosition;
const hoursAfter = (s: DeviceState, p: ProcessedPosition) => {
  applyHours(s, p);
  return p.attributes.hours;
};

describe('engine hours stage', () => {
  it('counts a step that starts with the ignition on, a long one only when still on at its end', () => {
    expect(hoursAfter(state(true), at(10 * MIN, { ignition: false }))).toBe(1000 + 10 * MIN);
    expect(hoursAfter(state(true), at(30 * MIN, { ignition: true }))).toBe(1000 + 30 * MIN);
    // 30 minutes of silence ending with the ignition off: when it went off is unknown
    expect(hoursAfter(state(true), at(30 * MIN, { ignition: false }))).toBe(1000);
    expect(hoursAfter(state(false), at(10 * MIN, { ignition: true }))).toBe(1000);
    expect(hoursAfter(state(true), at(7 * 60 * MIN, { ignition: true }))).toBe(1000);
  });
  it('keeps the hour meter a tracker sends', () => {
    expect(hoursAfter(state(true), at(10 * MIN, { ignition: true, hours: 42 }))).toBe(42);
  });
});
