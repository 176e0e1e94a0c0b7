import { describe, expect, it } from 'vitest';
import { FleetViews } from './fleetViews';
import { device, NOW, position } from './testFleet';

const drivers = new Map();

describe('the fleet between flushes', () => {
  it('rebuilds only the vehicles whose position changed and keeps the others', () => {
    const fleet = new FleetViews();
    const devices = [device(1, 'A'), device(2, 'B'), device(3, 'C')];
    const positions = [position(1), position(2), position(3)];
    const first = fleet.build(devices, positions, drivers, NOW);
    expect(first.map((v) => v.position)).toEqual(positions);

    // A flush: the list replaced with a new position for vehicle 2 only.
    const moved = position(2, { latitude: -8.9 });
    const second = fleet.build(devices, [positions[0], moved, positions[2]], drivers, NOW);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1].position).toBe(moved);
    expect(second[2]).toBe(first[2]);

    // The next flush builds on the second one: vehicle 2 is kept now, vehicle 3 changes.
    const later = position(3, { latitude: -8.7 });
    const third = fleet.build(devices, [positions[0], moved, later], drivers, NOW);
    expect(third[1]).toBe(second[1]);
    expect(third[2].position).toBe(later);
  });

  it('forgets a position the list no longer holds and a vehicle gone, and takes new ones', () => {
    const fleet = new FleetViews();
    const devices = [device(1, 'A'), device(2, 'B')];
    fleet.build(devices, [position(1), position(2)], drivers, NOW);
    // Vehicle 2 loses its position (a refetch without it), vehicle 3's comes: as many positions as before.
    const third = position(3);
    const views = fleet.build(devices, [position(1), third], drivers, NOW);
    expect(views.map((v) => v.position?.deviceId ?? null)).toEqual([1, null]);
    // A new device list: vehicle 1 gone, vehicle 3 listed with the position already known.
    const next = fleet.build([device(2, 'B'), device(3, 'C')], [position(1), third], drivers, NOW);
    expect(next.map((v) => [v.id, v.position?.deviceId ?? null])).toEqual([
      [2, null],
      [3, 3],
    ]);
  });

  it('builds every view anew for a new clock', () => {
    const fleet = new FleetViews();
    const devices = [device(1, 'A')];
    const positions = [position(1)];
    const [before] = fleet.build(devices, positions, drivers, NOW);
    const [after] = fleet.build(devices, positions, drivers, new Date(NOW.getTime() + 60_000));
    expect(after).not.toBe(before);
    expect(after.position).toBe(before.position);
  });
});
