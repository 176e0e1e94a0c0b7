import { describe, expect, it } from 'vitest';
import { PositionColumns } from './positionColumns';
import type { ReplayData } from './replay';
import { RouteIds } from './routeRead';
import { routeMarks } from './routeMarks';
import type { ReplayTrip } from './trips';

const route = (ids: number[]) => {
  const read = new RouteIds();
  for (const id of ids) read.push(id);
  return read;
};

/** The detectors' pass over `ids`: limit 10 × id, event 1 at the first, a trip over all of them. */
function pass(ids: number[]): ReplayData {
  const cols = new PositionColumns({}, false, false, ids.length, false);
  cols.length = ids.length;
  ids.forEach((id, k) => {
    cols.id[k] = id;
    cols.speedLimit[k] = 10 * id;
    cols.distance[k] = id;
  });
  cols.event[0] = 1;
  const trip = { start_index: 0, end_index: ids.length - 1 } as ReplayTrip;
  return {
    format: 'stream',
    device: { id: 1, name: 'x', licensePlate: null, fuelCapacity: null, fuelType: null },
    cols,
    trips: [trip],
  };
}

describe('the markers placed against the route', () => {
  it('keeps the places when both passes read the same positions', () => {
    const m = routeMarks(route([5, 6, 9]), pass([5, 6, 9]));
    expect([...m.speedLimit]).toEqual([50, 60, 90]);
    expect([...m.event]).toEqual([1, 0, 0]);
    expect(m.trips[0]).toMatchObject({ start_index: 0, end_index: 2 });
  });

  it('places them by id when a position was deleted between the two passes', () => {
    const m = routeMarks(route([5, 6, 7, 9]), pass([6, 7, 9]));
    expect([...m.speedLimit]).toEqual([NaN, 60, 70, 90]);
    expect([...m.distance]).toEqual([NaN, 6, 7, 9]);
    expect([...m.event]).toEqual([0, 1, 0, 0]);
    expect(m.trips[0]).toMatchObject({ start_index: 1, end_index: 3 });
  });
});
