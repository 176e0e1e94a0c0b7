/**
 * The alert central's event types and statuses (eventTypes.ts, document 2 §4): the seatbelt and lights
 * alarms only with global.alert_seatbelt_lights, the four status names, any unknown status read as the
 * first one. Expected lists written out by hand.
 *
 * Mutations this catches: the seatbelt types given without the permission (or withheld with it, or from
 * an administrator), a status name changed or out of order, an unknown status answered as undefined.
 */
import { describe, expect, it } from 'vitest';
import { testUser } from '../../auth/testing/testUser';
import type { User } from '../../db/rows';
import { alertTypesFor, EVENTS_PERMISSION, MAX_STATUS, STATUS_NAMES, statusName } from './eventTypes';

const BASE = [
  'alarmlowBattery',
  'alarmsos',
  'alarmhardBraking',
  'alarmhardCornering',
  'alarmhardAcceleration',
  'alarmtampering',
  'blockRequest',
  'unBlockRequest',
  'deviceOverspeed',
  'geofenceEnter',
  'geofenceExit',
  'deviceFuelDrop',
];
const SEATBELT = ['alarmseatbelt', 'alarmlights', 'alarmseatbelt+lights'];

const user = testUser;

describe('alertTypesFor', () => {
  it.each<[string, Partial<User>, string[]]>([
    ['a user without the permission', { attributes: { permissions: ['module.events'] } }, BASE],
    [
      'a user with it',
      { attributes: { permissions: ['module.events', 'global.alert_seatbelt_lights'] } },
      [...BASE, ...SEATBELT],
    ],
    ['a user with all of global', { attributes: { permissions: ['global'] } }, [...BASE, ...SEATBELT]],
    ['a user with a sibling permission', { attributes: { permissions: ['global.block'] } }, BASE],
    ['an administrator', { administrator: true }, [...BASE, ...SEATBELT]],
    [
      'a temporary link, whatever it holds',
      { email: 'temp_x', attributes: { permissions: ['global'] } },
      BASE,
    ],
  ])('%s', (_what, u, expected) => {
    expect(alertTypesFor(user(u))).toEqual(expected);
  });
});

describe('statuses', () => {
  it('names the four statuses in order, an unknown one as the first', () => {
    expect(STATUS_NAMES).toEqual(['Por resolver', 'Em resolução', 'Resolvido', 'Ignorado']);
    expect(MAX_STATUS).toBe(3);
    expect([0, 1, 2, 3, 4, -1, 1.5].map(statusName)).toEqual([
      'Por resolver',
      'Em resolução',
      'Resolvido',
      'Ignorado',
      'Por resolver',
      'Por resolver',
      'Por resolver',
    ]);
    expect(EVENTS_PERMISSION).toBe('module.events');
  });
});
