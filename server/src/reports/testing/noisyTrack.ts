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
