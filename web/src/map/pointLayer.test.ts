import { describe, expect, it } from 'vitest';
import { IGNITION_COLORS } from './clusterDonut';
import { DOT_RADIUS_STOPS, DOT_RIM, DotBuffer, dotRadius, mercator, translated } from './pointLayer';
import { VEHICLE_DOTS, vehicleLayers } from './vehicleLayers';

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
      [4, 3],
      [12, 5],
      [16, 7],
    ]);
    expect(dotRadius(0)).toBe(3);
    expect(dotRadius(4)).toBe(3);
    expect(dotRadius(8)).toBe(4);
    expect(dotRadius(12)).toBe(5);
    expect(dotRadius(14)).toBe(6);
    expect(dotRadius(19)).toBe(7);
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

  it('apply the origin to the projection matrix as a translation', () => {
    const m = Array.from({ length: 16 }, (_, i) => i + 1);
    const out = translated(m, 2, 3);
    expect([...out.slice(0, 12)]).toEqual(m.slice(0, 12));
    // column 3 = M * (2, 3, 0, 1)
    for (let row = 0; row < 4; row++) expect(out[12 + row]).toBe(m[row] * 2 + m[4 + row] * 3 + m[12 + row]);
  });

  it('are found by clicks on a circle layer of the same size that draws nothing', () => {
    const dots = vehicleLayers(null).find((layer) => layer.id === VEHICLE_DOTS)!;
    expect(dots.type).toBe('circle');
    expect(dots.paint).toMatchObject({ 'circle-opacity': 0, 'circle-stroke-opacity': 0 });
    expect(dots.paint?.['circle-radius' as never]).toEqual([
      'interpolate',
      ['linear'],
      ['zoom'],
      ...DOT_RADIUS_STOPS.flatMap(([z, r]) => [z, r + DOT_RIM]),
    ]);
  });
});
