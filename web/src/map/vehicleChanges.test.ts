import { describe, expect, it } from 'vitest';
import { applyVehicles } from './vehicleChanges';
import type { MapVehicle } from './vehicleFeatures';

const car = (id: number, extra: Partial<MapVehicle> = {}): MapVehicle => ({
  id,
  longitude: 13 + id / 100,
  latitude: -8,
  course: 0,
  category: 'car',
  color: 'green',
  ignitionCode: 0,
  name: `Car ${id}`,
  driverName: '',
  ...extra,
});

describe('a new list of vehicles on the map', () => {
  it('writes only the vehicles it changed into the map shown, keeping its order', () => {
    const a = car(1);
    const b = car(2);
    const c = car(3);
    const shown = new Map([
      [1, a],
      [2, b],
      [3, c],
    ]);
    const movedB = car(2, { latitude: -8.1 });
    const redC = car(3, { color: 'red', ignitionCode: 2 });
    // Listed in another order (the panel re-sorted): the map keeps its own.
    const changes = applyVehicles(shown, [redC, a, movedB]);
    expect(changes.membership).toBe(false);
    expect(changes.added).toEqual([]);
    expect(changes.moved).toEqual([[b, movedB]]);
    expect(changes.restyled).toEqual([redC]);
    expect([...shown.values()]).toEqual([a, movedB, redC]);

    const again = applyVehicles(shown, [redC, a, movedB]);
    expect(again).toEqual({ membership: false, added: [], moved: [], restyled: [] });
  });

  it('fills the map anew, in the list order, when vehicles come or go', () => {
    const shown = new Map([
      [1, car(1)],
      [2, car(2)],
    ]);
    const d = car(4);
    const changes = applyVehicles(shown, [d, car(2, { course: 90 })]);
    expect(changes.membership).toBe(true);
    expect(changes.added).toEqual([d]);
    expect(changes.moved.map(([, after]) => after.course)).toEqual([90]);
    expect([...shown.keys()]).toEqual([4, 2]);
    // One gone, none added: the same count would hide it without the check on how many were kept.
    const gone = applyVehicles(shown, [shown.get(2)!]);
    expect(gone.membership).toBe(true);
    expect([...shown.keys()]).toEqual([2]);
  });
});
