import { describe, expect, it } from 'vitest';
import { vehicleHeading } from './currentVehicle';

const device = (name: string, plate?: string) => ({
  id: 1,
  name,
  uniqueId: '1',
  attributes: plate === undefined ? {} : { license_plate: plate },
});

describe('a vehicle heading', () => {
  it('names the vehicle and its plate, the plate once when the vehicle is named by it', () => {
    expect(vehicleHeading(device('Escolar 1', 'LD-14-58-EU'))).toBe('Escolar 1 · LD-14-58-EU');
    expect(vehicleHeading(device('LD-10-30-AA', 'LD-10-30-AA'))).toBe('LD-10-30-AA');
    expect(vehicleHeading(device('Grua 1'))).toBe('Grua 1');
    expect(vehicleHeading(undefined)).toBe('');
  });
});
