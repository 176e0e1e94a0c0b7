import { describe, expect, it } from 'vitest';
import { SimClock } from './clock';

describe('SimClock', () => {
  const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);

  it('runs in real time without a speedup', () => {
    let wall = T0;
    const clock = new SimClock({ speedup: 1, historyMs: 0, now: () => wall });
    expect(clock.now()).toBe(T0);
    wall += 5000;
    expect(clock.now()).toBe(T0 + 5000);
    expect(clock.live()).toBe(true);
    expect(clock.delayUntil(T0 + 10_000)).toBe(5000);
  });

  it('replays history K times faster, then runs with the wall clock, never ahead of it', () => {
    let wall = T0;
    const clock = new SimClock({ speedup: 60, historyMs: 3_600_000, now: () => wall });
    expect(clock.simStart).toBe(T0 - 3_600_000);
    wall += 30_000; // 30 s real = 30 min simulated
    expect(clock.now()).toBe(T0 - 1_800_000);
    expect(clock.live()).toBe(false);
    // 10 s of simulated time is 1/6 s of real time while catching up
    expect(clock.delayUntil(clock.now() + 10_000)).toBeCloseTo(10_000 / 60, 2);
    wall += 3_600_000;
    expect(clock.now()).toBe(wall);
    expect(clock.live()).toBe(true);
    expect(clock.delayUntil(wall + 10_000)).toBe(10_000);
    expect(clock.delayUntil(wall - 1)).toBe(0);
  });

  it('starts on a whole second and refuses a speedup below 1', () => {
    const clock = new SimClock({ speedup: 2, historyMs: 1000, now: () => T0 + 456 });
    expect(clock.simStart % 1000).toBe(0);
    expect(() => new SimClock({ speedup: 0.5, historyMs: 0 })).toThrow();
  });
});
