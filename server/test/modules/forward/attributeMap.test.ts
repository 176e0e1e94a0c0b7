/**
 * The mapping of Traccar's position attributes onto Frota's (modules/forward/attributeMap.ts): one test per
 * key of the table and per numbered family, plus the keys the table does not name.
 */
import { describe, expect, it } from 'vitest';
import { ATTRIBUTE_MAP, ATTRIBUTE_PREFIXES, mapAttributes } from '../../../src/modules/forward/attributeMap';

/** Each key with a value Traccar sends and what Frota stores for it (undefined: dropped). */
const CASES: Array<[key: string, value: unknown, expected: Record<string, unknown>]> = [
  ['ignition', true, { ignition: true }],
  ['motion', false, { motion: false }],
  ['fuel', 42.5, { fuel: 42.5 }],
  ['fuelLevel', 63, { fuelLevel: 63 }],
  ['fuelUsed', 1200.5, { fuelUsed: 1200.5 }],
  ['fuelConsumption', 7.2, { fuelConsumption: 7.2 }],
  ['odometer', 123_400, { odometer: 123_400 }],
  ['obdOdometer', 98_000, { obdOdometer: 98_000 }],
  ['tripOdometer', 5_300, { tripOdometer: 5_300 }],
  ['serviceOdometer', 10_000, { serviceOdometer: 10_000 }],
  ['hours', 3_600_000, { hours: 3_600_000 }],
  ['driverUniqueId', '00000000ABCDEF01', { driverUniqueId: '00000000ABCDEF01' }],
  ['alarm', 'general,powerCut', { alarm: 'general,powerCut' }],
  ['event', 240, { event: 240 }],
  ['power', 12.6, { power: 12.6 }],
  ['battery', 4.1, { battery: 4.1 }],
  ['batteryLevel', 80, { batteryLevel: 80 }],
  ['charge', true, { charge: true }],
  ['sat', 9, { sat: 9 }],
  ['satVisible', 14, { satVisible: 14 }],
  ['rssi', 4, { rssi: 4 }],
  ['hdop', 0.9, { hdop: 0.9 }],
  ['pdop', 1.4, { pdop: 1.4 }],
  ['blocked', true, { blocked: true }],
  ['result', 'Relay on', { result: 'Relay on' }],
  ['speedLimit', 43.2, { speedLimit: 43.2 }],
  ['rpm', 1800, { rpm: 1800 }],
  ['obdSpeed', 62, { obdSpeed: 62 }],
  ['vin', 'WVWZZZ1JZXW000001', { vin: 'WVWZZZ1JZXW000001' }],
  ['totalDistance', 98_765.4, { traccarTotalDistance: 98_765.4 }],
  ['distance', 12.3, {}],
  ['raw', '78780d010359339075', {}],
];

const FAMILIES: Array<[key: string, value: unknown]> = [
  ['io200', 1],
  ['in1', true],
  ['out2', false],
  ['adc1', 3.3],
  ['temp1', 21.5],
  ['count1', 17],
];

describe("Traccar's position attributes onto Frota's", () => {
  it.each(CASES)('%s', (key, value, expected) => {
    expect(mapAttributes({ [key]: value })).toEqual(expected);
  });

  it.each(FAMILIES)('%s (a numbered family) is kept', (key, value) => {
    expect(mapAttributes({ [key]: value })).toEqual({ [key]: value });
  });

  it('has a case for every key of the table and every family', () => {
    expect(CASES.map(([key]) => key).sort()).toEqual(Object.keys(ATTRIBUTE_MAP).sort());
    for (const { pattern } of ATTRIBUTE_PREFIXES)
      expect(FAMILIES.filter(([key]) => pattern.test(key))).toHaveLength(1);
  });

  it('passes keys the table does not name unchanged and leaves out null values', () => {
    expect(mapAttributes({ coolantTemp: 88, custom: { a: 1 }, phone: null })).toEqual({
      coolantTemp: 88,
      custom: { a: 1 },
    });
  });

  it('maps a whole record at once without touching the input', () => {
    const input = { ignition: true, distance: 5, totalDistance: 100, io1: 1 };
    expect(mapAttributes(input)).toEqual({ ignition: true, traccarTotalDistance: 100, io1: 1 });
    expect(input).toEqual({ ignition: true, distance: 5, totalDistance: 100, io1: 1 });
  });
});
