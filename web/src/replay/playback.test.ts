import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextEnd, Playback, steppedEnd, tickMs } from './playback';

describe('replay playback', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const make = (lo = 0, hi = 1000) => {
    const playback = new Playback(() => Date.now());
    playback.select({ lo, hi });
    return playback;
  };

  it('ticks every 1000/speed ms, moving the end by 60 positions', () => {
    const playback = make();
    playback.step(-1000);
    expect(playback.getSnapshot().end).toBe(0);
    playback.setSpeed(1);
    vi.advanceTimersByTime(999);
    expect(playback.getSnapshot().end).toBe(0);
    vi.advanceTimersByTime(1);
    expect(playback.getSnapshot().end).toBe(60);
    playback.setSpeed(4);
    vi.advanceTimersByTime(250);
    expect(playback.getSnapshot().end).toBe(120);
    vi.advanceTimersByTime(750);
    expect(playback.getSnapshot().end).toBe(300);
    expect(playback.ticks).toBe(5);
    expect(playback.dropped).toBe(0);
    expect(tickMs(2)).toBe(500);
    playback.dispose();
  });

  it('stops once at the last position, then wraps to the start of the selection', () => {
    const playback = make(100, 230);
    playback.step(-1000);
    playback.setSpeed(4);
    const ends: number[] = [];
    playback.subscribe((state) => ends.push(state.end));
    vi.advanceTimersByTime(250 * 5);
    expect(ends).toEqual([160, 220, 230, 100, 160]);
    expect(nextEnd(999, { lo: 0, hi: 1000 })).toBe(1000);
    expect(nextEnd(1000, { lo: 0, hi: 1000 })).toBe(0);
    playback.dispose();
  });

  it('pauses at speed 0 and resumes at the last speed', () => {
    const playback = make();
    playback.step(-1000);
    playback.setSpeed(3);
    vi.advanceTimersByTime(334);
    expect(playback.getSnapshot().end).toBe(60);
    playback.setSpeed(0);
    vi.advanceTimersByTime(5000);
    expect(playback.getSnapshot().end).toBe(60);
    expect(playback.getSnapshot().speed).toBe(0);
    playback.toggle();
    expect(playback.getSnapshot().speed).toBe(3);
    vi.advanceTimersByTime(334);
    expect(playback.getSnapshot().end).toBe(120);
    playback.toggle();
    expect(playback.getSnapshot().speed).toBe(0);
    playback.setSpeed(9);
    expect(playback.getSnapshot().speed).toBe(4);
    playback.dispose();
  });

  it('plays at 1x the first time play is pressed', () => {
    const playback = make();
    playback.toggle();
    expect(playback.getSnapshot().speed).toBe(1);
    playback.dispose();
  });

  it('steps ±60 inside the selection without wrapping', () => {
    const playback = make(10, 200);
    expect(playback.getSnapshot().end).toBe(200);
    playback.step(60);
    expect(playback.getSnapshot().end).toBe(200);
    playback.step(-60);
    expect(playback.getSnapshot().end).toBe(140);
    playback.step(-60);
    playback.step(-60);
    playback.step(-60);
    expect(playback.getSnapshot().end).toBe(10);
    expect(steppedEnd(50, 60, { lo: 0, hi: 100 })).toBe(100);
    playback.dispose();
  });

  it('a new selection shows all of it and keeps the speed', () => {
    const playback = make();
    playback.setSpeed(2);
    playback.select({ lo: 300, hi: 400 });
    expect(playback.getSnapshot()).toMatchObject({ bounds: { lo: 300, hi: 400 }, end: 400, speed: 2 });
    vi.advanceTimersByTime(500);
    expect(playback.getSnapshot().end).toBe(300);
    playback.dispose();
  });

  it('counts ticks that come after their slot as dropped', () => {
    let clock = 0;
    const playback = new Playback(() => clock);
    playback.select({ lo: 0, hi: 10_000 });
    playback.step(-10_000);
    playback.setSpeed(4);
    clock = 250;
    vi.advanceTimersByTime(250);
    expect(playback.dropped).toBe(0);
    clock = 1000; // the main thread was busy: the ticks due at 500 and 750 never ran
    vi.advanceTimersByTime(250);
    expect(playback.dropped).toBe(2);
    expect(playback.ticks).toBe(2);
    playback.dispose();
  });
});
