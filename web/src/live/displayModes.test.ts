import { describe, expect, it } from 'vitest';
import { cycleFuelMode, fuelModeOf, odometerModeOf, toggleOdometerMode } from './displayModes';

describe('fuel/level display modes', () => {
  it('cycles percent, energy and range for electric vehicles, skipping modes without data', () => {
    const electric = { fuel_type: 1, fuel_tank_capacity: 60 };
    const full = { fuel: 80, range: 240 };
    expect(fuelModeOf(1, electric, full)).toBe('percent');
    cycleFuelMode(1, electric, full);
    expect(fuelModeOf(1, electric, full)).toBe('energy');
    cycleFuelMode(1, electric, full);
    expect(fuelModeOf(1, electric, full)).toBe('range');
    cycleFuelMode(1, electric, full);
    expect(fuelModeOf(1, electric, full)).toBe('percent');
    // No range reported: energy, then straight back to the percentage.
    cycleFuelMode(2, electric, { fuel: 50 });
    expect(fuelModeOf(2, electric, { fuel: 50 })).toBe('energy');
    cycleFuelMode(2, electric, { fuel: 50 });
    expect(fuelModeOf(2, electric, { fuel: 50 })).toBe('percent');
  });

  it('shows the percentage while the chosen mode has no value, keeping the choice', () => {
    const diesel = { fuel_tank_capacity: 200 };
    cycleFuelMode(3, diesel, { fuel: 40 });
    expect(fuelModeOf(3, diesel, { fuel: 40 })).toBe('volume');
    expect(fuelModeOf(3, {}, { fuel: 40 })).toBe('percent');
    expect(fuelModeOf(3, diesel, { fuel: 30 })).toBe('volume');
  });

  it('remembers the odometer or hour meter per device in local storage', () => {
    toggleOdometerMode(4, {}, { io192: 100, hours: 3_600_000 });
    expect(odometerModeOf(4)).toBe('hours');
    expect(odometerModeOf(5)).toBeUndefined();
    expect(JSON.parse(localStorage.getItem('frota.odometerMode') ?? '{}')).toEqual({ 4: 'hours' });
  });
});
