import { describe, expect, it } from 'vitest';
import { HIDDEN, NORMAL, SPEEDING } from './routeColours';
import { buildRouteGeometry, levelFor, levelIndexFor, levelRange, TEXTURE_WIDTH } from './routeGeometry';

describe('route geometry', () => {
  const n = 10_000;
  // 1 Hz along a meridian at ~50 km/h (14 m a second), speeding in the middle, private near the end
  const latitude = Float64Array.from({ length: n }, (_, i) => -8.8 + i * 0.000125);
  const longitude = new Float64Array(n).fill(13.2);
  const flags = new Uint8Array(n);
  flags.fill(SPEEDING, 4000, 4100);
  flags.fill(HIDDEN, 9000, 9050);
  for (let i = 9000; i < 9050; i++) latitude[i] = NaN;
  const geometry = buildRouteGeometry(longitude, latitude, flags);

  it('keeps every shown position at full detail (a private stretch by its ends), relative to the first', () => {
    const full = geometry.level(geometry.zooms.length - 1);
    expect(full.index.length).toBe(n - 48);
    expect(full.vertices[0]).toBe(0);
    expect(full.vertices[1]).toBe(0);
    expect(full.vertices[2]).toBe(NORMAL);
  });

  it('drops positions closer than a pixel at low zoom but keeps every colour change', () => {
    const coarse = levelFor(geometry, 5);
    expect(coarse.zoom).toBe(6);
    expect(coarse.index.length).toBeLessThan(n / 20);
    const kept = new Set(coarse.index);
    for (const i of [0, 3999, 4000, 4099, 4100, 8999, 9000, 9049, 9050, n - 1])
      expect(kept.has(i), String(i)).toBe(true);
    expect(levelFor(geometry, 20).zoom).toBe(Infinity);
  });

  it('cuts a level by position index', () => {
    const full = levelFor(geometry, 20);
    expect(levelRange(full, 100, 159)).toEqual([100, 60]);
    const coarse = levelFor(geometry, 5);
    const [first, count] = levelRange(coarse, 4000, 4100);
    expect(coarse.index[first]).toBe(4000);
    expect(coarse.index[first + count - 1]).toBe(4100);
    expect(levelRange(coarse, 5, 5)[1]).toBe(0);
  });

  it('makes each level once, when first asked for, as texture rows of x, y and flag', () => {
    const fresh = buildRouteGeometry(longitude, latitude, flags);
    const k = levelIndexFor(fresh, 10);
    expect(fresh.zooms[k]).toBe(12);
    expect(levelIndexFor(fresh, 16)).toBe(fresh.zooms.length - 1);
    const level = fresh.level(k);
    expect(fresh.level(k)).toBe(level);
    expect(level.vertices.length % (TEXTURE_WIDTH * 4)).toBe(0);
    const last = level.index.length - 1;
    expect(level.vertices[last * 4 + 2]).toBe(flags[level.index[last]]);
    expect(level.vertices[(last + 1) * 4 + 2]).toBe(0);
  });
});
