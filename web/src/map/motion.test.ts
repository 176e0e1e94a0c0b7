import { describe, expect, it } from 'vitest';
import { ANIMATION_FRAME_MS, ANIMATION_STEPS, interpolate, MotionState, turnCourse } from './motion';

describe('marker motion', () => {
  it('glides over 30 steps at about 30 frames a second', () => {
    expect(ANIMATION_STEPS).toBe(30);
    expect(Math.round(1000 / ANIMATION_FRAME_MS)).toBe(30);
  });

  it('interpolates the place and lands exactly on the target', () => {
    const from = { longitude: 10, latitude: 0, course: 0 };
    const to = { longitude: 13, latitude: 3, course: 90 };
    expect(interpolate(from, to, 10)).toEqual({ longitude: 11, latitude: 1, course: 30 });
    expect(interpolate(from, to, 30)).toBe(to);
  });

  it('turns the short way round', () => {
    expect(turnCourse(350, 10, 0.5)).toBe(0);
    expect(turnCourse(10, 350, 0.5)).toBe(0);
    expect(turnCourse(90, 180, 0.5)).toBe(135);
  });

  it('moves only what was asked to glide, jumps the rest, and forgets vehicles that left', () => {
    const state = new MotionState();
    state.place(1, { longitude: 0, latitude: 0, course: 0 });
    state.place(2, { longitude: 5, latitude: 5, course: 0 });
    state.move(1, { longitude: 3, latitude: 0, course: 0 });
    state.place(2, { longitude: 6, latitude: 6, course: 0 });
    expect(state.animating).toBe(true);
    const first = state.advance();
    expect(first).toEqual([[1, { longitude: 0.1, latitude: 0, course: 0 }]]);
    for (let i = 1; i < 30; i++) state.advance();
    expect(state.animating).toBe(false);
    expect(state.shownAt(1)).toEqual({ longitude: 3, latitude: 0, course: 0 });
    expect(state.shownAt(2)).toEqual({ longitude: 6, latitude: 6, course: 0 });
    state.forget(new Set([2]));
    expect(state.shownAt(1)).toBeUndefined();
  });

  it('places a vehicle seen for the first time without gliding', () => {
    const state = new MotionState();
    state.move(7, { longitude: 1, latitude: 1, course: 0 });
    expect(state.animating).toBe(false);
    expect(state.shownAt(7)).toEqual({ longitude: 1, latitude: 1, course: 0 });
  });
});
