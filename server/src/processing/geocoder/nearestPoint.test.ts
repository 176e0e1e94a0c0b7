import KDBush from 'kdbush';
import { around } from 'geokdbush';
import { describe, expect, it } from 'vitest';
import { readCitiesPbfSync } from './citiesPbf';
import { nearestPoint, NO_POINT, TIED } from './nearestPoint';
import { columnsFromPlaces, PlaceIndex } from './placeIndex';

function treeOf(points: readonly (readonly [number, number])[], nodeSize = 16): KDBush {
  const tree = new KDBush(points.length, nodeSize);
  for (const [lng, lat] of points) tree.add(lng, lat);
  return tree.finish();
}

/** A fixed sequence of pseudo-random numbers in [0, 1): the same points every run. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

describe('the nearest point of a kd-tree on the sphere', () => {
  it("answers geokdbush's nearest point over the world's places, at sea, at the poles and across the date line", () => {
    const world = readCitiesPbfSync();
    const tree = treeOf(Array.from({ length: world.count }, (_, i) => [world.lon[i], world.lat[i]] as const));
    const random = sequence(7);
    const queries: [number, number][] = [
      [180, 0],
      [-180, 0],
      [0, 90],
      [0, -90],
      [179.9999, -16.5],
      [-179.9999, 65.9],
    ];
    for (let i = 0; i < 4000; i++) {
      queries.push([-180 + 360 * random(), -90 + 180 * random()]);
      queries.push([11 + 13 * random(), -18 + 13 * random()]);
      const place = Math.floor(random() * world.count);
      queries.push([world.lon[place] + (random() - 0.5) * 1e-3, world.lat[place] + (random() - 0.5) * 1e-3]);
    }
    let ties = 0;
    for (const [lng, lat] of queries) {
      const id = nearestPoint(tree, lng, lat);
      if (id === TIED) ties++;
      else expect([lng, lat, id]).toEqual([lng, lat, around(tree, lng, lat, 1)[0]]);
    }
    expect(ties).toBeLessThan(queries.length / 100);
  });

  it('tells equally near points apart from a single nearest one, and an empty tree', () => {
    const tree = treeOf([
      [13.2, -8.8],
      [13.2, -8.8],
      [13.4, -8.9],
      ...Array.from({ length: 40 }, (_, i) => [20 + i, 10] as const),
    ]);
    expect(nearestPoint(tree, 13.2, -8.8)).toBe(TIED);
    expect(nearestPoint(tree, 13.41, -8.9)).toBe(2);
    expect(nearestPoint(tree, 35.1, 10.5)).toBe(18);
    expect(nearestPoint(treeOf([]), 13, -8)).toBe(NO_POINT);
  });

  it('finds the same place among many in one node as among nodes of one point (small and large leaves)', () => {
    const random = sequence(11);
    const points = Array.from({ length: 3000 }, () => [-180 + 360 * random(), -60 + 120 * random()] as const);
    const small = treeOf(points, 2);
    const large = treeOf(points, 512);
    for (let i = 0; i < 500; i++) {
      const [lng, lat] = [-180 + 360 * random(), -90 + 180 * random()];
      const expected = around(small, lng, lat, 1)[0];
      expect(nearestPoint(small, lng, lat)).toBe(expected);
      expect(nearestPoint(large, lng, lat)).toBe(expected);
    }
  });

  it("names, of places at the same spot, the one geokdbush's search names", () => {
    const places = [
      { label: 'Primeiro', country: 'AO', lat: -8.8, lon: 13.2 },
      { label: 'Segundo', country: 'AO', lat: -8.8, lon: 13.2 },
      { label: 'Longe', country: 'AO', lat: -9.5, lon: 14 },
    ];
    const index = new PlaceIndex(columnsFromPlaces(places));
    const tree = treeOf(places.map((p) => [p.lon, p.lat] as const));
    const expected = places[around(tree, 13.2, -8.8, 1)[0]].label;
    expect(index.nearest(-8.8, 13.2)?.label).toBe(expected);
    expect(index.nearest(-9.4, 14)?.label).toBe('Longe');
  });
});
