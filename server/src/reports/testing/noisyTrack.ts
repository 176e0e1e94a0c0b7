/**
 * A noisy track for tests: a vehicle that parks, drives, idles, crawls around the 3 km/h line, loses its
 * fix and its signal (seeded, so every run is the same).
 */
import type { TrackPoint } from './track';

const STEP = 2_000;

export function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A vehicle from `from` to `to`, one point each `step` ms; `seed` picks another vehicle. */
export function noisyTrack(from: number, to: number, step = STEP, seed = 7): TrackPoint[] {
  const rnd = random(seed);
  const points: TrackPoint[] = [];
  let mode: 'park' | 'drive' | 'idle' = 'park';
  let until = from;
  let cruise = 0;
  for (let t = from; t < to; t += step) {
    if (t >= until) {
      mode = mode === 'drive' ? (rnd() < 0.4 ? 'idle' : 'park') : 'drive';
      until = t + (mode === 'drive' ? 5 + rnd() * 40 : 1 + rnd() * 30) * 60_000;
      cruise = 15 + rnd() * 80;
      if (rnd() < 0.08) t += Math.round(16 + rnd() * 30) * 60_000; // silence longer than the maximum gap
    }
    const r = rnd();
    let speed = mode === 'drive' ? Math.max(0, cruise + (rnd() - 0.5) * 20) : mode === 'idle' ? rnd() * 2 : 0;
    if (mode === 'drive' && r < 0.02) speed = 1 + rnd() * 4; // crawling around the 3 km/h line
    const flicker = r > 0.998;
    points.push({
      time: t,
      speed,
      ignition: mode !== 'park' ? !flicker : flicker,
      valid: rnd() > 0.003,
    });
  }
  return points;
}

/**
 * A fuel level (percent, position attribute `fuel`) for a track: burnt while the engine runs, refilled and
 * siphoned while parked, now and then drained while driving, and read with noise, sloshing spikes and
 * positions without a reading.
 */
export function withFuel(points: TrackPoint[], seed = 3): TrackPoint[] {
  const rnd = random(seed);
  let level = 70;
  let prev: TrackPoint | undefined;
  return points.map((p) => {
    if (prev) {
      const seconds = (p.time - prev.time) / 1000;
      if (prev.ignition) level -= seconds * (prev.speed > 3 ? 0.0008 : 0.0002);
      const r = rnd();
      if (!p.ignition && !prev.ignition && r < 0.002) level = Math.min(100, level + 25 + rnd() * 40);
      else if (!p.ignition && r < 0.0028) level = Math.max(3, level - 12 - rnd() * 15);
      else if (p.speed > 3 && r < 0.0031) level = Math.max(3, level - 15);
      if (level < 5) level = 95;
    }
    prev = p;
    if (rnd() < 0.01) return p;
    const spike = rnd() < 0.01 ? (rnd() - 0.5) * 30 : 0;
    const fuel = Math.min(100, Math.max(0, level + (rnd() - 0.5) * 2 + spike));
    return { ...p, attrs: { ...p.attrs, fuel: Math.round(fuel * 10) / 10 } };
  });
}
