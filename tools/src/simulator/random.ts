/** A small seeded generator (mulberry32): the same seed drives the same day, so tests are repeatable. */
export interface Random {
  /** uniform in [0, 1) */
  next(): number;
  /** uniform in [min, max) */
  between(min: number, max: number): number;
  /** integer in [min, max] */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
}

export function createRandom(seed: number): Random {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  return {
    next,
    between: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor((max - min + 1) * next()),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(items.length * next())],
  };
}
