import { describe, expect, it } from 'vitest';
import { countByVehicleFilter, matchesVehicleFilter } from './filter';
import { input } from './testInputs';

describe('matchesVehicleFilter', () => {
  it('matches status tabs on the status, machines included', () => {
    const working = input({ device: { vehicle_type: 3 }, attributes: { ignition: true, rpm: 1200 } });
    expect(matchesVehicleFilter('driving', working)).toBe(true);
    expect(matchesVehicleFilter('idle', working)).toBe(false);
    expect(matchesVehicleFilter('stopped', input({ attributes: { ignition: false } }))).toBe(true);
  });
  it('matches warning and maintenance on their own rules, and all on everything', () => {
    expect(matchesVehicleFilter('warning', input({ attributes: { rssi: 0 } }))).toBe(true);
    expect(matchesVehicleFilter('maintenance', input({ device: { in_maintenance: 1 } }))).toBe(true);
    expect(matchesVehicleFilter('maintenance', input())).toBe(false);
    expect(matchesVehicleFilter('all', input({ noPosition: true }))).toBe(true);
  });
});

describe('countByVehicleFilter', () => {
  it('counts each tab, a vehicle counting in several tabs', () => {
    const fleet = [
      input({ attributes: { ignition: true }, speedKmh: 70 }),
      input({ attributes: { ignition: true, rssi: 1 }, speedKmh: 0 }),
      input({ attributes: { ignition: false }, device: { in_maintenance: true } }),
      input({ noPosition: true }),
      input({ ageS: 100000, attributes: { ignition: false } }),
    ];
    expect(countByVehicleFilter(fleet)).toEqual({
      all: 5,
      driving: 1,
      idle: 1,
      stopped: 1,
      warning: 2,
      maintenance: 1,
    });
  });
});
