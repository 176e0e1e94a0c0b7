/**
 * What a stored batch adds to the dashboard's counters (deviceStatistics.ts): which events count (overspeed
 * and five alarms), the latest ignition-on time of the batch (only a record whose own time is the stamped
 * `lastignition`, never an outdated one), one delta per vehicle in vehicle-id order. Expected deltas
 * written out by hand.
 *
 * Mutations this catches: another alarm counted (tampering, seatbelt) or an alarm named deviceOverspeed
 * counted, an ignition carried forward from an older record taken as new, an outdated record counted, the
 * earliest rather than the latest ignition kept, deltas out of vehicle order.
 */
import { describe, expect, it } from 'vitest';
import type { EventDraft, ProcessedPosition } from '../types';
import { COUNTED_ALERTS, countedAlert, statisticsDeltas } from './deviceStatistics';

const T = Date.UTC(2025, 2, 10, 8);
const zero = {
  deviceOverspeed: 0,
  hardAcceleration: 0,
  hardBraking: 0,
  hardCornering: 0,
  lowBattery: 0,
  sos: 0,
};

const position = (deviceId: number, fixTime: number, attributes: Record<string, unknown>, outdated = false) =>
  ({ deviceId, fixTime, attributes, outdated }) as ProcessedPosition;
const event = (deviceId: number, type: string, attributes?: Record<string, unknown>) => ({
  deviceId,
  draft: { type, eventTime: T, attributes } as EventDraft,
});

describe('countedAlert', () => {
  it.each<[string, Record<string, unknown> | undefined, string | undefined]>([
    ['deviceOverspeed', undefined, 'deviceOverspeed'],
    ['alarm', { alarm: 'sos' }, 'sos'],
    ['alarm', { alarm: 'lowBattery' }, 'lowBattery'],
    ['alarm', { alarm: 'hardBraking' }, 'hardBraking'],
    ['alarm', { alarm: 'hardAcceleration' }, 'hardAcceleration'],
    ['alarm', { alarm: 'hardCornering' }, 'hardCornering'],
    ['alarm', { alarm: 'deviceOverspeed' }, undefined],
    ['alarm', { alarm: 'tampering' }, undefined],
    // the alarm detector raises one event per alarm: a list is never one counted alarm
    ['alarm', { alarm: 'sos,lowBattery' }, undefined],
    ['alarm', { alarm: 7 }, undefined],
    ['alarm', undefined, undefined],
    ['geofenceEnter', { alarm: 'sos' }, undefined],
    ['alarmsos', undefined, undefined],
  ])('%s %j counts as %s', (type, attributes, expected) => {
    expect(countedAlert({ type, attributes })).toBe(expected);
  });

  it('names the six counters and their columns', () => {
    expect(COUNTED_ALERTS).toEqual({
      deviceOverspeed: 'alert_device_overspeed',
      hardAcceleration: 'alert_hard_acceleration',
      hardBraking: 'alert_hard_braking',
      hardCornering: 'alert_hard_cornering',
      lowBattery: 'alert_low_battery',
      sos: 'alert_sos',
    });
  });
});

describe('statisticsDeltas', () => {
  const iso = (ms: number) => new Date(ms).toISOString();

  it('adds the events and the latest ignition of a batch, one delta per vehicle in id order', () => {
    const deltas = statisticsDeltas([
      {
        positions: [
          // ignition on at this record: its own time is the stamp
          position(9, T, { lastignition: iso(T) }),
          // carried forward from before: not a new ignition
          position(9, T + 60_000, { lastignition: iso(T) }),
          position(4, T + 1000, { lastignition: iso(T + 1000) }),
          // an outdated record never moves the time
          position(4, T + 5000, { lastignition: iso(T + 5000) }, true),
          position(2, T, {}),
        ],
        events: [event(9, 'alarm', { alarm: 'sos' }), event(2, 'deviceOverspeed'), event(2, 'ignitionOn')],
      },
      {
        positions: [position(9, T + 120_000, { lastignition: iso(T + 120_000) })],
        events: [event(9, 'alarm', { alarm: 'sos' }), event(9, 'alarm', { alarm: 'hardBraking' })],
      },
    ]);
    expect(deltas).toEqual([
      { deviceId: 2, lastIgnition: null, counts: { ...zero, deviceOverspeed: 1 } },
      { deviceId: 4, lastIgnition: T + 1000, counts: zero },
      { deviceId: 9, lastIgnition: T + 120_000, counts: { ...zero, sos: 2, hardBraking: 1 } },
    ]);
  });

  it('keeps the latest ignition whatever the order of the records', () => {
    const [d] = statisticsDeltas([
      {
        positions: [
          position(1, T + 2000, { lastignition: iso(T + 2000) }),
          position(1, T + 1000, { lastignition: iso(T + 1000) }),
        ],
        events: [],
      },
    ]);
    expect(d.lastIgnition).toBe(T + 2000);
  });

  it('gives nothing for a batch that changes no counter', () => {
    expect(
      statisticsDeltas([
        { positions: [position(1, T, { lastignition: 'x' })], events: [event(1, 'geofenceExit')] },
      ]),
    ).toEqual([]);
  });
});
