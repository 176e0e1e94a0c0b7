/** mulberry32: small, seeded, reproducible randomness for the fuzz tests. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => int(256)));
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  return { next, int, bytes, pick };
}

export type Random = ReturnType<typeof prng>;
