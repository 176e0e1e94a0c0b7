import type { Device, Driver } from '../api/types';
import type { LivePosition, VehicleView } from './types';
import { vehicleView } from './vehicleView';

/** Test support: a fixed clock and small builders of devices, positions and view models. */
export const NOW = new Date('2024-05-01T12:00:00Z');

export function device(id: number, name: string, extra: Partial<Device> = {}): Device {
  return { id, name, uniqueId: `u${id}`, groupId: null, category: 'car', attributes: {}, ...extra };
}

export function position(deviceId: number, extra: Partial<LivePosition> = {}): LivePosition {
  return {
    id: deviceId * 10,
    deviceId,
    fixTime: new Date(NOW.getTime() - 60_000).toISOString(),
    latitude: -8.8383,
    longitude: 13.2344,
    speed: 0,
    course: 0,
    valid: true,
    event: null,
    attributes: {},
    ...extra,
  };
}

export const kmh = (value: number): number => value / 1.852;

export function view(
  d: Device,
  p: LivePosition | null,
  drivers: ReadonlyMap<number, Driver> = new Map(),
): VehicleView {
  return vehicleView(d, p, drivers, NOW);
}
