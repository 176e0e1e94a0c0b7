import { describe, expect, it } from 'vitest';
import { IGNITION_COLORS } from './clusterDonut';
import { DOT_RADIUS_STOPS, DOT_RIM, DotBuffer, dotRadius, dotRim, lngLatOf, mercator } from './dots';

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);

describe('vehicle dots', () => {
  it('place points in Web Mercator world units', () => {
    expect(mercator(0, 0)).toEqual([0.5, 0.5]);
    const [x, y] = mercator(180, 85.0511287798);
    expect(x).toBe(1);
    expect(y).toBeCloseTo(0, 6);
    expect(mercator(-90, 0)[0]).toBe(0.25);
    // South of the equator is below the middle (y grows southwards).
    expect(mercator(13.2, -8.8)[1]).toBeGreaterThan(0.5);
  });

  it('grow with the zoom between the stops and stay within them', () => {
    expect(DOT_RADIUS_STOPS).toEqual([
      [4, 2],
      [12, 3.5],
      [16, 6],
    ]);
    expect(dotRadius(0)).toBe(2);
    expect(dotRadius(4)).toBe(2);
    expect(dotRadius(8)).toBe(2.75);
    expect(dotRadius(12)).toBe(3.5);
    expect(dotRadius(14)).toBe(4.75);
    expect(dotRadius(19)).toBe(6);
    // No rim below 3 px (zoom 9 and out), one pixel from there.
    expect(dotRim(dotRadius(9))).toBe(0);
    expect(dotRim(dotRadius(12))).toBe(DOT_RIM);
  });

  it('keep each vehicle relative to the first, in its ignition colour, and move one by id', () => {
    const buffer = new DotBuffer([
      { id: 7, longitude: 13.2, latitude: -8.8, ign: 0 },
      { id: 9, longitude: 13.3, latitude: -8.9, ign: 2 },
      { id: 11, longitude: 13.1, latitude: -8.7, ign: 9 },
    ]);
    expect(buffer.count).toBe(3);
    expect(buffer.origin).toEqual(mercator(13.2, -8.8));
    const row = (i: number) => [...buffer.data.slice(i * 5, i * 5 + 5)];
    expect(row(0).slice(0, 2)).toEqual([0, 0]);
    const [x, y] = mercator(13.3, -8.9);
    expect(row(1)[0]).toBeCloseTo(x - buffer.origin[0], 9);
    expect(row(1)[1]).toBeCloseTo(y - buffer.origin[1], 9);
    expect(row(0).slice(2)).toEqual(rgb(IGNITION_COLORS[0]).map(Math.fround));
    expect(row(1).slice(2)).toEqual(rgb(IGNITION_COLORS[2]).map(Math.fround));
    // An unknown status code is drawn as offline.
    expect(row(2).slice(2)).toEqual(rgb(IGNITION_COLORS[3]).map(Math.fround));

    expect(buffer.move(9, 13.2, -8.8)).toBe(true);
    expect(row(1).slice(0, 2)).toEqual([0, 0]);
    expect(buffer.move(404, 0, 0)).toBe(false);
    expect(new DotBuffer([]).count).toBe(0);
  });

  it('move and recolour one dot in place, and keep the box around them current', () => {
    const buffer = new DotBuffer([
      { id: 7, longitude: 13.2, latitude: -8.8, ign: 0 },
      { id: 9, longitude: 13.3, latitude: -8.9, ign: 2 },
    ]);
    const data = buffer.data;
    const box = buffer.bounds()!;
    const [x7, y7] = mercator(13.2, -8.8);
    const [x9, y9] = mercator(13.3, -8.9);
    expect(box.x0).toBeCloseTo(x7, 9);
    expect(box.x1).toBeCloseTo(x9, 9);
    expect(box.y0).toBeCloseTo(y7, 9);
    expect(box.y1).toBeCloseTo(y9, 9);

    expect(buffer.set({ id: 9, longitude: 13.4, latitude: -8.9, ign: 1 })).toBe(true);
    expect(buffer.data).toBe(data);
    const [x] = mercator(13.4, -8.9);
    expect(buffer.data[5]).toBeCloseTo(x - buffer.origin[0], 9);
    expect([...buffer.data.slice(7, 10)]).toEqual(rgb(IGNITION_COLORS[1]).map(Math.fround));
    expect(buffer.bounds()!.x1).toBeCloseTo(x, 9);
    buffer.move(7, 13.5, -8.8);
    expect(buffer.bounds()!.x1).toBeCloseTo(mercator(13.5, -8.8)[0], 9);
    expect(buffer.set({ id: 404, longitude: 0, latitude: 0, ign: 0 })).toBe(false);
    expect(new DotBuffer([]).bounds()).toBeNull();
  });
});

describe('finding dots by place', () => {
  const buffer = new DotBuffer([
    { id: 7, longitude: 13.2, latitude: -8.8, ign: 0 },
    { id: 9, longitude: 13.3, latitude: -8.9, ign: 2 },
    { id: 11, longitude: 13.2, latitude: -8.8, ign: 1 },
  ]);

  it('turns world units back into longitude and latitude', () => {
    for (const [lng, lat] of [
      [0, 0],
      [13.2344, -8.8383],
      [-70.5, 45.25],
    ]) {
      const [x, y] = mercator(lng, lat);
      const [back, up] = lngLatOf(x, y);
      expect(back).toBeCloseTo(lng, 9);
      expect(up).toBeCloseTo(lat, 9);
    }
  });

  it('answers the dots inside a box in drawing order, with their ids and places', () => {
    expect(buffer.ids).toEqual([7, 9, 11]);
    const [x, y] = mercator(13.2, -8.8);
    const box = 1e-6;
    expect(buffer.within(x - box, y - box, x + box, y + box)).toEqual([0, 2]);
    const [x9, y9] = mercator(13.3, -8.9);
    expect(buffer.within(x9 - box, y9 - box, x9 + box, y9 + box)).toEqual([1]);
    expect(buffer.within(0, 0, 0.1, 0.1)).toEqual([]);
    const [wx, wy] = buffer.worldAt(1);
    expect(wx).toBeCloseTo(x9, 7);
    expect(wy).toBeCloseTo(y9, 7);
  });
});
