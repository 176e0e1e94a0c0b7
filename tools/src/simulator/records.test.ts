import { describe, expect, it } from 'vitest';
import {
  CODEC_8,
  decodeAvlPositions,
  encodeAvlData,
  parseOsmandRequest,
} from '../../../server/src/protocols';
import { rfidNumber, toAvlRecord, toOsmandQuery } from './records';
import type { Sample } from './vehicle';
import { demoDriverKey } from '../demoDrivers';
import { demoPassengerCard } from './demoFleet';

const base: Sample = {
  time: Date.UTC(2025, 0, 15, 9, 30, 0),
  latitude: -8.8383,
  longitude: 13.2343,
  altitude: 45,
  course: 270,
  speedKmh: 95,
  satellites: 11,
  ignition: true,
  motion: true,
  idling: false,
  odometer: 12_345_678,
  fuel: 64,
  powerMv: 13_900,
  batteryMv: 4_100,
  rssi: 4,
  driver: demoDriverKey(3),
  event: null,
};

describe('Teltonika records', () => {
  const decode = (s: Sample) =>
    decodeAvlPositions(encodeAvlData(CODEC_8, [toAvlRecord(s)]), '356307042440000')[0];

  it('carries every reading through the server decoder', () => {
    const p = decode(base);
    expect(p.fixTime.getTime()).toBe(base.time);
    expect(p.latitude).toBeCloseTo(-8.8383, 6);
    expect(p.longitude).toBeCloseTo(13.2343, 6);
    expect(p.speed).toBeCloseTo(95 / 1.852, 6);
    expect(p.course).toBe(270);
    expect(p.valid).toBe(true);
    expect(p.event).toBe(0);
    expect(p.attributes).toMatchObject({
      ignition: true,
      motion: true,
      idling: false,
      rssi: 4,
      fuel: 64,
      power: 13.9,
      battery: 4.1,
      odometer: 12_345_678,
      io24: 95,
      driverUniqueId: demoDriverKey(3),
    });
  });

  it('marks the event IO: ignition, green driving, sos', () => {
    const off = decode({
      ...base,
      ignition: false,
      motion: false,
      speedKmh: 0,
      driver: null,
      event: { type: 'ignitionOff' },
    });
    expect(off.event).toBe(239);
    expect(off.attributes.ignition).toBe(false);
    expect(off.attributes.driverUniqueId).toBeUndefined();
    const braking = decode({ ...base, event: { type: 'greenDriving', kind: 2, value: 35 } });
    expect(braking.event).toBe(253);
    expect(braking.attributes).toMatchObject({ alarm: 'hardBraking', io254: 35 });
    const sos = decode({ ...base, event: { type: 'sos' } });
    expect(sos.event).toBe(236);
    expect(sos.attributes.alarm).toBe('general');
  });

  it('carries a boarding passenger card in IO 78 at a bus stop, the canbus rpm and the work input', () => {
    const stop = { ...base, speedKmh: 0, motion: false, idling: true };
    const boarding = decode({ ...stop, passengerCard: demoPassengerCard(3), rpm: 800 });
    expect(boarding.attributes).toMatchObject({ driverUniqueId: demoPassengerCard(3), rpm: 800 });
    expect(decode(stop).attributes.driverUniqueId).toBe(demoDriverKey(3));
    const lifting = decode({ ...stop, workInput: { port: 2, on: true } });
    expect(lifting.attributes.in2).toBe(true);
    expect(decode({ ...stop, workInput: { port: 2, on: false } }).attributes.in2).toBe(false);
    expect(decode(stop).attributes.in2).toBeUndefined();
    const q = toOsmandQuery('x', { ...stop, passengerCard: demoPassengerCard(3) });
    expect(q.get('driverUniqueId')).toBe(demoPassengerCard(3));
  });

  it('sends the driver key as the 8-byte number its 16 hex digits spell', () => {
    expect(rfidNumber('B100000A0F100001')).toBe(0xb100000a0f100001n);
    expect(() => rfidNumber('RFID1000')).toThrow(/16 uppercase hex digits/);
  });
});

describe('OsmAnd requests', () => {
  it('is read by the server parser with speed in knots and the driver card', () => {
    const result = parseOsmandRequest({ query: toOsmandQuery('phone-1', base), body: Buffer.alloc(0) });
    if (!result.ok) throw new Error(result.reason);
    const [p] = result.positions;
    expect(p.uniqueId).toBe('phone-1');
    expect(p.fixTime.getTime()).toBe(base.time);
    expect(p.speed).toBeCloseTo(95 / 1.852, 1);
    expect(p.latitude).toBeCloseTo(-8.8383, 6);
    expect(p.attributes).toMatchObject({
      ignition: true,
      driverUniqueId: demoDriverKey(3),
      fuel: 64,
      power: 13.9,
    });
    expect(p.attributes.batteryLevel).toBe(86);
  });

  it('names alarms the way the alarm detector reads them', () => {
    const q = toOsmandQuery('x', { ...base, event: { type: 'greenDriving', kind: 1, value: 20 } });
    expect(q.get('alarm')).toBe('hardAcceleration');
    expect(toOsmandQuery('x', { ...base, event: { type: 'sos' } }).get('alarm')).toBe('sos');
    expect(toOsmandQuery('x', { ...base, driver: null }).has('driverUniqueId')).toBe(false);
  });
});
