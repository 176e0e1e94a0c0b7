import type { Bounds } from './types';

/** Document 2 §2.6, §9: each tick moves the end of the range by 60 positions and lasts 1000/speed ms. */
export const STEP = 60;
export const MAX_SPEED = 4;
export const TICK_BASE_MS = 1000;

export interface PlaybackState {
  /** the selection (the whole period or a trip) */
  bounds: Bounds;
  /** the end of the range [bounds.lo, end] the map draws */
  end: number;
  /** 0 paused, 1..4 */
  speed: number;
}

/** The end after one tick: forward by STEP, stopping once at the last position, then back to the start. */
export function nextEnd(end: number, bounds: Bounds): number {
  if (end >= bounds.hi) return bounds.lo;
  return Math.min(end + STEP, bounds.hi);
}

/** The end moved by `delta` positions, kept inside the selection. */
export const steppedEnd = (end: number, delta: number, bounds: Bounds): number =>
  Math.max(bounds.lo, Math.min(bounds.hi, end + delta));

export const tickMs = (speed: number): number => TICK_BASE_MS / speed;

type Listener = (state: PlaybackState) => void;

/**
 * Replay playback outside React: the map layers and the position readout subscribe and redraw on each
 * change, so a tick never re-renders the screen. Ticks keep to their schedule (each one is due a whole
 * interval after the previous one was due); a tick that comes after the next one was already due counts
 * the slots it missed as dropped.
 */
export class Playback {
  private state: PlaybackState = { bounds: { lo: 0, hi: 0 }, end: 0, speed: 0 };
  private listeners = new Set<Listener>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private due = 0;
  /** last speed other than 0: what play resumes at */
  private resumeSpeed = 1;
  ticks = 0;
  dropped = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): PlaybackState => this.state;

  private set(next: Partial<PlaybackState>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener(this.state);
  }

  /** A new selection: the range shows all of it; playback keeps its speed. */
  select(bounds: Bounds): void {
    this.set({ bounds, end: bounds.hi });
  }

  setSpeed(speed: number): void {
    const clamped = Math.max(0, Math.min(MAX_SPEED, Math.round(speed)));
    if (clamped > 0) this.resumeSpeed = clamped;
    this.stopTimer();
    this.set({ speed: clamped });
    if (clamped > 0) {
      this.due = this.now() + tickMs(clamped);
      this.schedule();
    }
  }

  /** Pauses, or plays again at the last speed chosen (1x at first). */
  toggle(): void {
    this.setSpeed(this.state.speed > 0 ? 0 : this.resumeSpeed);
  }

  step(delta: number): void {
    this.set({ end: steppedEnd(this.state.end, delta, this.state.bounds) });
  }

  /** Moves the end of the range to a position (the timeline dragged), kept inside the selection. */
  seek(end: number): void {
    this.set({ end: steppedEnd(Math.round(end), 0, this.state.bounds) });
  }

  dispose(): void {
    this.stopTimer();
    this.listeners.clear();
  }

  private stopTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    this.timer = setTimeout(this.tick, Math.max(0, this.due - this.now()));
  }

  private tick = (): void => {
    this.timer = null;
    const { speed } = this.state;
    if (speed === 0) return;
    const interval = tickMs(speed);
    const late = this.now() - this.due;
    const missed = Math.max(0, Math.floor(late / interval));
    this.dropped += missed;
    this.ticks += 1;
    this.due += (missed + 1) * interval;
    this.set({ end: nextEnd(this.state.end, this.state.bounds) });
    this.schedule();
  };
}
