/** The browser's animation frames, as the loop asks for them (tests give a clock of their own). */
export interface FrameClock {
  request(callback: (time: number) => void): number;
  cancel(handle: number): void;
}

export const ANIMATION_FRAMES: FrameClock = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle),
};

/**
 * Work done in animation frames, at most once a frame however often it is asked for, and no frame at all
 * while nothing is asked: `step` runs in the next frame after `ask`, and again in the frame after that as
 * long as it answers true (work left, such as a glide).
 */
export class FrameLoop {
  private handle: number | null = null;

  constructor(
    private readonly step: (time: number) => boolean,
    private readonly clock: FrameClock = ANIMATION_FRAMES,
  ) {}

  /** Whether a frame is asked for. */
  get waiting(): boolean {
    return this.handle !== null;
  }

  ask(): void {
    if (this.handle === null) this.handle = this.clock.request(this.tick);
  }

  stop(): void {
    if (this.handle !== null) this.clock.cancel(this.handle);
    this.handle = null;
  }

  private readonly tick = (time: number): void => {
    this.handle = null;
    if (this.step(time)) this.ask();
  };
}
