import { describe, expect, it } from 'vitest';
import { vehicleIndicators } from './indicators';
import { input } from './testInputs';

describe('vehicleIndicators', () => {
  it('is all off for a plain vehicle', () => {
    expect(vehicleIndicators(input({ attributes: { rssi: 5 } }))).toEqual({
      maintenance: false,
      noGps: false,
      lowGsm: false,
      camera: false,
      privacy: false,
      immobilization: null,
    });
  });
  it('reads the vehicle flags', () => {
    const i = input({
      device: { in_maintenance: true, has_camera: 1, privacy: 1, has_immobilization: true },
    });
    expect(vehicleIndicators(i)).toMatchObject({
      maintenance: true,
      camera: true,
      privacy: true,
      immobilization: 'unknown',
    });
  });
  it('reads the position signals and the immobiliser output', () => {
    const i = input({
      device: { has_immobilization: '1' },
      valid: false,
      event: 10,
      attributes: { rssi: 1, result: 'DOUT1:0' },
    });
    expect(vehicleIndicators(i)).toMatchObject({ noGps: true, lowGsm: true, immobilization: 'off' });
  });
  it('shows no GPS even while asleep (io200 only spares the warning), but not for events 150-152', () => {
    expect(vehicleIndicators(input({ valid: false, attributes: { io200: 1 } })).noGps).toBe(true);
    expect(vehicleIndicators(input({ valid: false, event: 150 })).noGps).toBe(false);
  });
  it('works without a position', () => {
    const i = input({ noPosition: true, device: { has_immobilization: true } });
    expect(vehicleIndicators(i)).toMatchObject({ noGps: false, lowGsm: false, immobilization: 'unknown' });
  });
});
