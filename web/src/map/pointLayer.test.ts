import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { DOT_RIM, DotBuffer, dotRadius, lngLatOf, mercator } from './dots';
import { DOT_HIT_SLOP, dotAt, translated } from './pointLayer';

/**
 * The projection part of a map: Web Mercator at `zoom` (512 px tiles), `centre` in the middle of an
 * 800 x 600 view, optionally turned by `bearing` degrees, as MapLibre places points on an untilted map.
 */
function flatMap(centre: [number, number], zoom: number, bearing = 0): MapLibreMap {
  const scale = 512 * 2 ** zoom;
  const [cx, cy] = mercator(...centre);
  const turn = (-bearing * Math.PI) / 180;
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);
  return {
    getZoom: () => zoom,
    project: ([lng, lat]: [number, number]) => {
      const [x, y] = mercator(lng, lat);
      const dx = (x - cx) * scale;
      const dy = (y - cy) * scale;
      return { x: 400 + dx * cos - dy * sin, y: 300 + dx * sin + dy * cos };
    },
    unproject: ([px, py]: [number, number]) => {
      const dx = px - 400;
      const dy = py - 300;
      const [lng, lat] = lngLatOf(cx + (dx * cos + dy * sin) / scale, cy + (-dx * sin + dy * cos) / scale);
      return { lng, lat };
    },
  } as unknown as MapLibreMap;
}

describe('the dot under the pointer', () => {
  const centre: [number, number] = [13.2344, -8.8383];
  const buffer = new DotBuffer([
    { id: 1, longitude: centre[0], latitude: centre[1], ign: 0 },
    // the same place, drawn later (on top)
    { id: 2, longitude: centre[0], latitude: centre[1], ign: 2 },
    { id: 3, longitude: 13.24, latitude: -8.8383, ign: 1 },
  ]);

  it('is found within the dot, its rim and a small slop, the one drawn on top first', () => {
    for (const bearing of [0, 37]) {
      const map = flatMap(centre, 14, bearing);
      const reach = dotRadius(14) + DOT_RIM + DOT_HIT_SLOP;
      expect(dotAt(map, buffer, { x: 400, y: 300 })).toBe(2);
      expect(dotAt(map, buffer, { x: 400 + reach - 0.5, y: 300 })).toBe(2);
      expect(dotAt(map, buffer, { x: 400, y: 300 - reach - 0.5 })).toBeNull();
      const other = map.project([13.24, -8.8383]);
      expect(dotAt(map, buffer, { x: other.x + 1, y: other.y - 1 })).toBe(3);
    }
    expect(dotAt(flatMap(centre, 14), new DotBuffer([]), { x: 400, y: 300 })).toBeNull();
  });

  it('is the nearest when dots overlap at a low zoom', () => {
    const map = flatMap(centre, 6);
    const near = map.project([13.24, -8.8383]);
    // Both dots are within reach at zoom 6 (about 40 m a pixel); the pointer is nearer to dot 3.
    expect(Math.abs(near.x - 400)).toBeLessThan(2);
    expect(dotAt(map, buffer, { x: near.x + 0.4, y: near.y })).toBe(3);
  });

  it('apply the origin to the projection matrix as a translation', () => {
    const m = Array.from({ length: 16 }, (_, i) => i + 1);
    const out = translated(m, 2, 3);
    expect([...out.slice(0, 12)]).toEqual(m.slice(0, 12));
    // column 3 = M * (2, 3, 0, 1)
    for (let row = 0; row < 4; row++) expect(out[12 + row]).toBe(m[row] * 2 + m[4 + row] * 3 + m[12 + row]);
  });
});
