/**
 * The passenger card stage of the pipeline (issue 22 item 2), on its own: which card read is a pickup, and
 * that a passenger's card never becomes the driver while a registered driver's card does.
 */
import { describe, expect, it } from 'vitest';
import { isFreshCardRead } from '@frota/core';
import { applyPassengerCard } from '../../src/processing/stages/passengers';
import { applyDriver } from '../../src/processing/stages/driver';
import type { DeviceState } from '../../src/processing/deviceState';
import type { ProcessedPosition } from '../../src/processing/types';
import { recordAt } from '../positionRecords';

const DRIVERS = new Map([['D1', { id: 7, name: 'Carlos' }]]);
const directory = (_deviceId: number, uid: string) => DRIVERS.get(uid);

const state = (attributes: Record<string, unknown>, last?: Record<string, unknown>): DeviceState => ({
  id: 1,
  uniqueId: '1',
  name: 'Autocarro',
  groupId: null,
  disabled: false,
  attributes,
  status: 'online',
  lastUpdate: null,
  last: last
    ? { fixTime: 0, latitude: -8.8, longitude: 13.2, speed: 0, valid: true, attributes: last }
    : null,
  geofenceIds: [],
  overspeedSince: null,
  overspeedReported: false,
  lastCard: null,
});

const position = (attributes: Record<string, unknown>): ProcessedPosition =>
  recordAt(1, 1000, { protocol: 'teltonika', attributes });

/** The two stages in pipeline order; the position's attributes after them. */
function run(s: DeviceState, attributes: Record<string, unknown>, countable = true) {
  const p = position({ ignition: true, ...attributes });
  applyPassengerCard(s, p, directory, countable);
  applyDriver(s, p, directory);
  return p.attributes;
}

describe('isFreshCardRead', () => {
  it('is a card in the record unlike the previous record’s', () => {
    expect(isFreshCardRead('A1', undefined)).toBe(true);
    expect(isFreshCardRead('A1', 'B2')).toBe(true);
    expect(isFreshCardRead('A1', 'A1')).toBe(false);
    expect(isFreshCardRead(undefined, 'A1')).toBe(false);
    expect(isFreshCardRead('', undefined)).toBe(false);
  });
});

describe('applyPassengerCard', () => {
  const bus = { has_passengers: true };

  it('moves a passenger card out of the driver and marks a fresh read', () => {
    expect(run(state(bus, { driverUniqueId: 'D1' }), { driverUniqueId: 'A1' })).toEqual({
      ignition: true,
      passengerCardId: 'A1',
      passengerPickup: true,
      driverUniqueId: 'D1',
      driver: 'Carlos',
      driverId: 7,
    });
  });

  it('does not count the card the previous record already had', () => {
    const a = run(state(bus, { driverUniqueId: 'D1', passengerCardId: 'A1' }), { driverUniqueId: 'A1' });
    expect(a.passengerCardId).toBe('A1');
    expect(a.passengerPickup).toBeUndefined();
    expect(a.driverUniqueId).toBe('D1');
  });

  it("keeps a registered driver's card as the driver, and has_passengers '1' as true", () => {
    expect(run(state({ has_passengers: '1' }), { driverUniqueId: 'D1' })).toEqual({
      ignition: true,
      driverUniqueId: 'D1',
      driver: 'Carlos',
      driverId: 7,
    });
  });

  it('marks no pickup on an outdated record, yet keeps the card from the driver', () => {
    expect(run(state(bus), { driverUniqueId: 'A1' }, false)).toEqual({
      ignition: true,
      passengerCardId: 'A1',
    });
  });

  it('leaves every other vehicle to the driver stage', () => {
    expect(run(state({}), { driverUniqueId: 'A1' })).toEqual({ ignition: true, driverUniqueId: 'A1' });
    expect(run(state({ has_passengers: false }), { driverUniqueId: 'A1' })).toEqual({
      ignition: true,
      driverUniqueId: 'A1',
    });
  });
});
