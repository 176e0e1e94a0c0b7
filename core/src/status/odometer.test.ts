import { describe, expect, it } from 'vitest';
import {
  defaultOdometerMode,
  hasHourMeter,
  hourMeter,
  nextOdometerMode,
  odometerKm,
  odometerModes,
  vehicleOdometerKm,
} from './odometer';

describe('odometerKm', () => {
  it('is io192 / 100 rounded to one decimal', () => {
    expect(odometerKm({ io192: 12345678 })).toBe(123456.8);
    expect(odometerKm({ io192: 12345649 })).toBe(123456.5);
    expect(odometerKm({ io192: '1000' })).toBe(10);
    expect(odometerKm({ io192: 0 })).toBe(0);
  });
  it('is undefined without io192', () => {
    expect(odometerKm({ totalDistance: 5000 })).toBeUndefined();
  });
});

describe('vehicleOdometerKm', () => {
  it("reads io192 first, then the tracker's odometer in metres, then the counted distance", () => {
    const all = { io192: 12345678, odometer: 11_533_180, totalDistance: 11_539_155.09 };
    expect(vehicleOdometerKm(all)).toBe(123456.8);
    expect(vehicleOdometerKm({ odometer: 11_533_180, totalDistance: 11_539_155.09 })).toBe(11533.2);
    expect(vehicleOdometerKm({ totalDistance: 11_539_155.09 })).toBe(11539.2);
    expect(vehicleOdometerKm({})).toBeUndefined();
  });
});

describe('hourMeter', () => {
  it('is hours / 1000 / 3600', () => {
    expect(hourMeter({ hours: 3_600_000 })).toBe(1);
    expect(hourMeter({ hours: 4_500_000_000 })).toBe(1250);
    expect(hourMeter({ hours: 5_400_000 })).toBe(1.5);
  });
  it('is undefined without hours', () => {
    expect(hourMeter({})).toBeUndefined();
    expect(hasHourMeter({})).toBe(false);
  });
});

describe('odometer modes', () => {
  it('toggles between odometer and hours only when hours exist', () => {
    expect(odometerModes({ io192: 100 })).toEqual(['odometer']);
    expect(nextOdometerMode({ io192: 100 }, 'odometer')).toBe('odometer');
    expect(odometerModes({ hours: 0 })).toEqual(['odometer', 'hours']);
    expect(nextOdometerMode({ hours: 10 }, 'odometer')).toBe('hours');
    expect(nextOdometerMode({ hours: 10 }, 'hours')).toBe('odometer');
  });
  it('starts on hours for show_hours vehicles that report hours', () => {
    expect(defaultOdometerMode({ show_hours: true }, { hours: 7_200_000 })).toBe('hours');
    expect(defaultOdometerMode({ show_hours: true }, {})).toBe('odometer');
    expect(defaultOdometerMode({}, { hours: 7_200_000 })).toBe('odometer');
  });
});
