import { describe, expect, it } from 'vitest';
import type { DeviceState } from '../deviceState';
import type { ProcessedPosition } from '../types';
import { alarmDetector } from './alarms';
import { geofenceDetector } from './geofence';
import { overspeedDetector } from './overspeed';
import type { DetectorInput } from './types';
import { recordAt } from '../../../test/positionRecords';

const T = Date.UTC(2025, 0, 1, 8);

function state(lastAttributes?: Record<string, unknown>): DeviceState {
  return {
    id: 1,
    uniqueId: '356307042441013',
    name: 'LD-01',
    groupId: null,
    disabled: false,
    attributes: {},
    status: 'online',
    lastUpdate: T - 1000,
    last: lastAttributes
      ? {
          fixTime: T - 1000,
          latitude: -8.8,
          longitude: 13.2,
          speed: 0,
          valid: true,
          attributes: lastAttributes,
        }
      : null,
    geofenceIds: [],
    overspeedSince: null,
    overspeedReported: false,
    lastCard: null,
  };
}

function position(attributes: Record<string, unknown>): ProcessedPosition {
  return recordAt(1, T, { protocol: 'teltonika', attributes });
}

const input = (
  s: DeviceState,
  p: ProcessedPosition,
  entered: number[] = [],
  exited: number[] = [],
): DetectorInput => ({
  state: s,
  position: p,
  zones: { inside: entered, entered, exited },
  zone: (id) => ({ id, name: `Zona ${id}` }) as never,
});

describe('geofence detector', () => {
  it('raises an exit and an enter per zone left and entered, with the zone name', () => {
    const { events } = geofenceDetector(input(state({}), position({}), [2], [1]));
    expect(events).toEqual([
      { type: 'geofenceExit', eventTime: T, geofenceId: 1, attributes: { geofence: 'Zona 1' } },
      { type: 'geofenceEnter', eventTime: T, geofenceId: 2, attributes: { geofence: 'Zona 2' } },
    ]);
  });

  it('raises nothing while the zones stay the same', () => {
    expect(geofenceDetector(input(state({}), position({}))).events).toEqual([]);
  });
});

describe('alarm detector', () => {
  const alarms = (before: Record<string, unknown> | undefined, now: Record<string, unknown>) =>
    alarmDetector(input(state(before), position(now))).events.map((e) => e.attributes?.alarm);

  it('raises an alarm when it appears, under the product name, once per name', () => {
    expect(alarms({}, { alarm: 'general,powerCut,jamming' })).toEqual(['sos', 'tampering']);
  });

  it('does not raise an alarm the previous record already carried', () => {
    expect(alarms({ alarm: 'hardBraking' }, { alarm: 'hardBraking' })).toEqual([]);
    expect(alarms({ alarm: 'hardBraking' }, { alarm: 'hardBraking,sos' })).toEqual(['sos']);
  });

  it('raises lowBattery when the battery falls below the threshold, not while charging', () => {
    expect(alarms({ battery: 3.9 }, { battery: 3.4 })).toEqual(['lowBattery']);
    expect(alarms({ battery: 3.4 }, { battery: 3.3 })).toEqual([]);
    expect(alarms({ batteryLevel: 50 }, { batteryLevel: 10, charge: true })).toEqual([]);
    expect(alarms(undefined, { batteryLevel: 10 })).toEqual(['lowBattery']);
  });

  it('raises nothing for a record without alarms', () => {
    expect(alarms({ alarm: 'sos' }, { ignition: true })).toEqual([]);
  });
});

describe('overspeed detector', () => {
  /** A vehicle with its own limit (knots), inside zones 1..n with the given limits (0: none). */
  const speeding = (own: number | undefined, zoneLimits: number[], speed: number, s = state({})) =>
    overspeedDetector({
      state: { ...s, attributes: own === undefined ? {} : { speedLimit: own } },
      position: recordAt(1, T, { protocol: 'teltonika', speed }),
      zones: { inside: zoneLimits.map((_, i) => i + 1), entered: [], exited: [] },
      zone: (id) => ({ id, name: `Zona ${id}`, speedLimit: zoneLimits[id - 1] }) as never,
    });

  it("applies the lowest limit: a zone's below the vehicle's own names the zone", () => {
    expect(speeding(50, [60, 30, 40], 45).events).toEqual([
      {
        type: 'deviceOverspeed',
        eventTime: T,
        geofenceId: 2,
        attributes: { speed: 45, speedLimit: 30 },
      },
    ]);
    expect(speeding(50, [60, 0], 55).events[0]).toMatchObject({
      geofenceId: null,
      attributes: { speedLimit: 50 },
    });
    // a tie keeps the vehicle's own limit
    expect(speeding(30, [30], 45).events[0]).toMatchObject({
      geofenceId: null,
      attributes: { speedLimit: 30 },
    });
  });

  it('raises nothing at or under the limit, or without one, and ends an episode going on', () => {
    expect(speeding(50, [30], 30).events).toEqual([]);
    expect(speeding(undefined, [0], 200).events).toEqual([]);
    const during = { ...state({}), overspeedSince: T - 5000, overspeedReported: true };
    expect(speeding(50, [], 20, during)).toEqual({
      events: [],
      patch: { overspeedSince: null, overspeedReported: false },
    });
    expect(speeding(50, [], 20).patch).toBeUndefined();
  });
});
