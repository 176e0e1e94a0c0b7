import { describe, expect, it } from 'vitest';
import { formatDeviceIds, parseDeviceIds, vehiclesCell } from './wire';

describe('notification vehicles', () => {
  it('reads and writes the comma-separated ids', () => {
    expect(parseDeviceIds('3, 5;9 3')).toEqual([3, 5, 9]);
    expect(parseDeviceIds([4, '6', -1, 'x', 0, 2.5])).toEqual([4, 6]);
    expect(parseDeviceIds(8)).toEqual([8]);
    expect(parseDeviceIds(undefined)).toEqual([]);
    expect(formatDeviceIds([3, 5])).toBe('3,5');
  });
  it('the list column: All, the plate of one vehicle, else the count', () => {
    const plates: Record<number, string> = { 3: 'LD-12-34-AA' };
    const plateOf = (id: number) => plates[id];
    expect(vehiclesCell({ all_devices: true, device_ids: '3' }, plateOf)).toEqual({ all: true });
    expect(vehiclesCell({ all_devices: false, device_ids: '3' }, plateOf)).toEqual({ plate: 'LD-12-34-AA' });
    expect(vehiclesCell({ all_devices: false, device_ids: '3,4' }, plateOf)).toEqual({ count: 2 });
    expect(vehiclesCell({ all_devices: false, device_ids: '4' }, plateOf)).toEqual({ count: 1 });
    expect(vehiclesCell({ all_devices: false, device_ids: '' }, plateOf)).toEqual({ count: 0 });
  });
});
