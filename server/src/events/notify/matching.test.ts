import { describe, expect, it } from 'vitest';
import type { User } from '../../db/rows';
import { testUser } from '../../auth/testing/testUser';
import {
  buildRuleSet,
  canReceive,
  candidateUsers,
  eventAlarms,
  matchEvent,
  type EventLike,
  type LinkRow,
  type NotificationRow,
  type Sees,
} from './matching';

const NOW = Date.parse('2024-06-01T12:00:00Z');

const user = (id: number, extra: Partial<User> = {}): User =>
  testUser({ id, name: `u${id}`, email: `u${id}@x.ao`, ...extra });

const notification = (id: number, type: string, extra: Partial<NotificationRow> = {}): NotificationRow => ({
  id,
  type,
  always: false,
  notificators: 'mail',
  attributes: {},
  ...extra,
});

const links = (pairs: Array<[number, number]>): LinkRow[] =>
  pairs.map(([notificationId, id]) => ({ notificationId, id }));

const event = (type: string, deviceId = 10, attributes: Record<string, unknown> = {}): EventLike => ({
  type,
  deviceId,
  attributes,
});

const seesAll: Sees = () => true;

/** ids of the notifications that fire, with their recipients */
const fired = (ev: EventLike, set: ReturnType<typeof buildRuleSet>, sees: Sees = seesAll) =>
  matchEvent(ev, set, sees).map((m) => [m.notification.id, m.recipients.map((u) => u.id)]);

describe('notification matching: type and alarm list', () => {
  const set = buildRuleSet(
    [
      notification(1, 'deviceOverspeed'),
      notification(2, 'geofenceEnter'),
      notification(3, 'alarm', { attributes: { alarms: 'sos,lowBattery' } }),
      notification(4, 'alarm', { attributes: { alarms: 'hardBraking' } }),
      notification(5, 'sos'),
      notification(6, 'alarm', { attributes: { alarms: 'seatbelt+lights' } }),
      notification(7, 'alarm'),
    ],
    links([1, 2, 3, 4, 5, 6, 7].map((n) => [n, 100])),
    links([1, 2, 3, 4, 5, 6, 7].map((n) => [n, 10])),
    [user(100)],
    NOW,
  );

  it('fires notifications of the same type only', () => {
    expect(fired(event('deviceOverspeed'), set)).toEqual([[1, [100]]]);
    expect(fired(event('geofenceEnter'), set)).toEqual([[2, [100]]]);
    expect(fired(event('geofenceExit'), set)).toEqual([]);
    expect(fired(event('ignitionOn'), set)).toEqual([]);
  });

  it('fires type alarm notifications whose alarms list holds the event alarm', () => {
    const sos = fired(event('alarm', 10, { alarm: 'sos' }), set).map(([id]) => id);
    expect(sos.sort()).toEqual([3, 5, 7]);
    const braking = fired(event('alarm', 10, { alarm: 'hardBraking' }), set).map(([id]) => id);
    expect(braking.sort()).toEqual([4, 7]);
    const battery = fired(event('alarm', 10, { alarm: 'lowBattery' }), set).map(([id]) => id);
    expect(battery.sort()).toEqual([3, 7]);
    const tampering = fired(event('alarm', 10, { alarm: 'tampering' }), set).map(([id]) => id);
    expect(tampering).toEqual([7]);
  });

  it('reads the alert central spelling and combined seatbelt and lights alarms', () => {
    expect(eventAlarms(event('alarmsos'))).toEqual(['sos']);
    expect(
      fired(event('alarmsos'), set)
        .map(([id]) => id)
        .sort(),
    ).toEqual([3, 5, 7]);
    expect(eventAlarms(event('alarm', 10, { alarm: 'sos,tow' }))).toEqual(['sos', 'tow']);
    expect(
      fired(event('alarm', 10, { alarm: 'seatbelt' }), set)
        .map(([id]) => id)
        .sort(),
    ).toEqual([6, 7]);
    expect(
      fired(event('alarm', 10, { alarm: 'lights' }), set)
        .map(([id]) => id)
        .sort(),
    ).toEqual([6, 7]);
  });

  it('does not fire a plain alarm-name notification for another event type', () => {
    expect(fired(event('sos'), set)).toEqual([[5, [100]]]);
    expect(fired(event('deviceOverspeed', 10, { alarm: 'sos' }), set)).toEqual([[1, [100]]]);
  });
});

describe('notification matching: vehicles and recipients', () => {
  const users = [
    user(100),
    user(101),
    user(102, { disabled: true }),
    user(103, { email: 'temp_abc@x.ao' }),
    user(104, { expirationTime: '2024-05-01T00:00:00.000Z' }),
    user(105, { expirationTime: '2025-01-01T00:00:00.000Z' }),
  ];
  const set = buildRuleSet(
    [
      notification(1, 'geofenceExit', { always: true }),
      notification(2, 'geofenceExit', { always: false }),
      notification(3, 'geofenceExit', { always: true, notificators: '' }),
    ],
    links([
      [1, 100],
      [1, 101],
      [1, 102],
      [1, 103],
      [1, 104],
      [1, 105],
      [2, 100],
      [3, 100],
    ]),
    links([[2, 10]]),
    users,
    NOW,
  );
  // user 100 sees vehicles 10 and 20; user 101 sees only 20; 105 sees everything (administrator)
  const sees: Sees = (u, d) => (u === 100 ? [10, 20].includes(d) : u === 101 ? d === 20 : u === 105);

  it('always reaches every vehicle its users see; otherwise only associated vehicles', () => {
    expect(fired(event('geofenceExit', 10), set, sees)).toEqual([
      [1, [100, 105]],
      [2, [100]],
    ]);
    expect(fired(event('geofenceExit', 20), set, sees)).toEqual([[1, [100, 101, 105]]]);
    expect(fired(event('geofenceExit', 30), set, sees)).toEqual([[1, [105]]]);
  });

  it('leaves out disabled, temporary and expired users, and rules without notificators', () => {
    expect(canReceive(users[0], NOW)).toBe(true);
    expect(canReceive(users[2], NOW)).toBe(false);
    expect(canReceive(users[3], NOW)).toBe(false);
    expect(canReceive(users[4], NOW)).toBe(false);
    expect(canReceive(users[5], NOW)).toBe(true);
    expect([...set.users.keys()].sort()).toEqual([100, 101, 105]);
    expect(set.byType.get('geofenceExit')!.map((r) => r.id)).toEqual([1, 2]);
  });

  it('asks for the visibility of the users that may receive something, once per batch', () => {
    const events = [event('geofenceExit', 10), event('geofenceExit', 30), event('deviceOverspeed', 10)];
    expect([...candidateUsers(events, set)].sort()).toEqual([100, 101, 105]);
    expect([...candidateUsers([event('geofenceEnter', 10)], set)]).toEqual([]);
  });
});

describe('notification matching: calendars', () => {
  // notification 2 fires only between 08:00 and 17:00 UTC (a stand-in for a parsed calendar)
  const workHours = (time: number) => {
    const hour = new Date(time).getUTCHours();
    return hour >= 8 && hour < 17;
  };
  const set = buildRuleSet(
    [notification(1, 'ignitionOn', { always: true }), notification(2, 'ignitionOn', { always: true })],
    links([
      [1, 100],
      [2, 101],
    ]),
    [],
    [user(100), user(101)],
    NOW,
    new Map([[2, workHours]]),
  );
  const at = (iso: string): EventLike => ({ ...event('ignitionOn'), eventTime: Date.parse(iso) });

  it('fires a notification with a calendar only for events inside its periods', () => {
    expect(fired(at('2024-06-03T09:00:00Z'), set)).toEqual([
      [1, [100]],
      [2, [101]],
    ]);
    expect(fired(at('2024-06-03T20:00:00Z'), set)).toEqual([[1, [100]]]);
    expect([...candidateUsers([at('2024-06-03T20:00:00Z')], set)]).toEqual([100]);
    expect([...candidateUsers([at('2024-06-03T10:00:00Z')], set)].sort()).toEqual([100, 101]);
  });
});
