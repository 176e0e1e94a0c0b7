import { describe, expect, it } from 'vitest';
import { FrameLoop, type FrameClock } from './frameLoop';

/** Frames that come when the test says so. */
function manualFrames() {
  let next = 1;
  const waiting = new Map<number, (time: number) => void>();
  const clock: FrameClock = {
    request: (callback) => {
      waiting.set(next, callback);
      return next++;
    },
    cancel: (handle) => void waiting.delete(handle),
  };
  const frame = (time: number) => {
    const callbacks = [...waiting.values()];
    waiting.clear();
    for (const callback of callbacks) callback(time);
  };
  return { clock, frame, asked: () => waiting.size };
}

describe('the frame loop', () => {
  it('runs once in the next frame however often it was asked, and asks no frame while idle', () => {
    const frames = manualFrames();
    const runs: number[] = [];
    const loop = new FrameLoop((time) => {
      runs.push(time);
      return false;
    }, frames.clock);
    loop.ask();
    loop.ask();
    loop.ask();
    expect(frames.asked()).toBe(1);
    frames.frame(16);
    expect(runs).toEqual([16]);
    expect(loop.waiting).toBe(false);
    frames.frame(32);
    expect(runs).toEqual([16]);
  });

  it('keeps running while the work asks for more, and stops when told', () => {
    const frames = manualFrames();
    let left = 2;
    const runs: number[] = [];
    const loop = new FrameLoop((time) => {
      runs.push(time);
      return --left > 0;
    }, frames.clock);
    loop.ask();
    frames.frame(1);
    frames.frame(2);
    frames.frame(3);
    expect(runs).toEqual([1, 2]);
    left = 10;
    loop.ask();
    loop.stop();
    frames.frame(4);
    expect(runs).toEqual([1, 2]);
    expect(frames.asked()).toBe(0);
  });
});
