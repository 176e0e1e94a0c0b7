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

  it("keeps a vehicle's device part while its device object is the same, and takes a new one", () => {
    const fleet = new FleetViews();
    const d1 = device(1, 'A');
    const first = fleet.build([d1, device(2, 'B')], [position(1)], drivers, NOW);
    const p2 = position(2);
    const second = fleet.build([d1, first[1].device], [position(1), p2], drivers, NOW);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1].position).toBe(p2);
    // Same device object: its status part is kept, not copied again.
    expect(second[1].input.device).toBe(first[1].input.device);
    const renamed = device(2, 'B2');
    const third = fleet.build([d1, renamed], [position(1), p2], drivers, NOW);
    expect(third[1].name).toBe('B2');
    expect(third[1].input.device).not.toBe(first[1].input.device);
    // a vehicle disabled leaves the list, and comes back with its device
    const off = fleet.build([d1, { ...renamed, disabled: true }], [position(1), p2], drivers, NOW);
    expect(off.map((v) => v.id)).toEqual([1]);
    const back = fleet.build([d1, renamed], [position(1), p2], drivers, NOW);
    expect(back[1].position).toBe(p2);
  });

  it('prepares views only of vehicles the last build listed', () => {
    const fleet = new FleetViews();
    const devices = [device(1, 'A'), device(2, 'B')];
    fleet.build(devices, [position(1), position(2)], drivers, NOW);
    fleet.build([devices[0]], [position(1), position(2)], drivers, NOW);
    expect(fleet.prepare([position(2, { latitude: -8.9 })])).toEqual([]);
    expect(fleet.prepare([position(1, { latitude: -8.9 })])).toHaveLength(1);
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

  it('keeps views across clock ticks, and builds anew those whose fix turned 24 h old', () => {
    const fleet = new FleetViews();
    const devices = [device(1, 'A'), device(2, 'B')];
    const almostDay = new Date(NOW.getTime() - 86_400_000 + 30_000).toISOString();
    const positions = [position(1, { attributes: { ignition: true } }), position(2, { fixTime: almostDay })];
    const before = fleet.build(devices, positions, drivers, NOW);
    expect(before.map((v) => v.status.status)).toEqual(['idle', 'stopped']);
    const after = fleet.build(devices, positions, drivers, new Date(NOW.getTime() + 60_000));
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1].status.status).toBe('offline');
    expect(after[1].warnings).toContain('staleFix');
    // a clock that goes back builds anew too
    const back = fleet.build(devices, positions, drivers, new Date(NOW.getTime() - 60_000));
    expect(back[0]).not.toBe(before[0]);
  });

  it('makes the views of positions on arrival, and the flush that applies them uses those', () => {
    const fleet = new FleetViews();
    const devices = [device(1, 'A'), device(2, 'B')];
    const first = fleet.build(devices, [position(1), position(2)], drivers, NOW);
    const moved = position(2, { latitude: -8.9, speed: 40, attributes: { ignition: true } });
    const [made] = fleet.prepare([moved]);
    expect(made.position).toBe(moved);
    const flushed = fleet.build(devices, [first[0].position!, moved], drivers, NOW);
    expect(flushed[0]).toBe(first[0]);
    expect(flushed[1]).toBe(made);
    // The same view as one built at the flush without preparing.
    const plain = new FleetViews();
    plain.build(devices, [position(1), position(2)], drivers, NOW);
    const [, built] = plain.build(devices, [position(1), moved], drivers, NOW);
    expect({ ...made, drivers: undefined }).toEqual({ ...built, drivers: undefined });
    expect(made.status.status).toBe('driving');
  });

  it('keeps the views made on arrival for their flush when a build comes first (a tick of the clock)', () => {
    const fleet = new FleetViews();
    const devices = [device(1, 'A'), device(2, 'B')];
    const shown = [position(1), position(2)];
    const first = fleet.build(devices, shown, drivers, NOW);
    const moved = position(2, { latitude: -8.9, speed: 40, attributes: { ignition: true } });
    const [made] = fleet.prepare([moved]);
    // the status clock ticks before the flush: the vehicles still show their positions until the flush
    const later = new Date(NOW.getTime() + 60_000);
    const ticked = fleet.build(devices, shown, drivers, later);
    expect(ticked[1].position).toBe(shown[1]);
    expect(ticked[1]).toBe(first[1]);
    // the flush then finds the view made on arrival, not one to make again
    const flushed = fleet.build(devices, [shown[0], moved], drivers, later);
    expect(flushed[1]).toBe(made);
    expect(flushed[0]).toBe(first[0]);
  });

  it('builds again at the flush what was prepared for a superseded position or a clock past its 24 h', () => {
    const fleet = new FleetViews();
    const devices = [device(1, 'A')];
    fleet.build(devices, [position(1)], drivers, NOW);
    // a position superseded by a later one before the flush
    const [early] = fleet.prepare([position(1, { latitude: -8.8 })]);
    const late = position(1, { latitude: -8.7 });
    const [view] = fleet.build(devices, [late], drivers, NOW);
    expect(view).not.toBe(early);
    expect(view.position).toBe(late);
    // the clock moved on after preparing, over the fix's 24 h
    const old = position(1, { fixTime: new Date(NOW.getTime() - 86_400_000 + 30_000).toISOString() });
    const [ready] = fleet.prepare([old]);
    expect(ready.status.status).toBe('stopped');
    const later = new Date(NOW.getTime() + 60_000);
    const [rebuilt] = fleet.build(devices, [old], drivers, later);
    expect(rebuilt).not.toBe(ready);
    expect(rebuilt.status.status).toBe('offline');
    // a vehicle the fleet does not list yet waits for the flush
    expect(fleet.prepare([position(9)])).toEqual([]);
  });
});
