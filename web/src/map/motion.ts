/**
 * Marker moves (document 1 §2): a vehicle glides from its shown place to its new one over 30 steps at
 * about 30 frames a second; its heading turns the short way round.
 */
export const ANIMATION_STEPS = 30;
export const ANIMATION_FRAME_MS = 1000 / 30;

export interface Placement {
  longitude: number;
  latitude: number;
  course: number;
}

/** The heading `fraction` of the way from `from` to `to`, turning through the smaller angle. */
export function turnCourse(from: number, to: number, fraction: number): number {
  const delta = ((((to - from) % 360) + 540) % 360) - 180;
  return (((from + delta * fraction) % 360) + 360) % 360;
}

/** Step `step` (1..steps) of the move; the last step lands exactly on `to`. */
export function interpolate(
  from: Placement,
  to: Placement,
  step: number,
  steps = ANIMATION_STEPS,
): Placement {
  if (step >= steps) return to;
  const f = step / steps;
  return {
    longitude: from.longitude + (to.longitude - from.longitude) * f,
    latitude: from.latitude + (to.latitude - from.latitude) * f,
    course: turnCourse(from.course, to.course, f),
  };
}

export const samePlace = (a: Placement, b: Placement): boolean =>
  a.longitude === b.longitude && a.latitude === b.latitude && a.course === b.course;

interface Move {
  from: Placement;
  to: Placement;
  step: number;
}

/**
 * Where every vehicle is shown. `place` jumps; `move` starts a glide; `advance` runs one step of every
 * glide and answers the vehicles that moved in it. Timing is left to the caller (one call per frame).
 */
export class MotionState {
  private readonly shown = new Map<number, Placement>();
  private readonly moves = new Map<number, Move>();

  get animating(): boolean {
    return this.moves.size > 0;
  }

  shownAt(id: number): Placement | undefined {
    return this.shown.get(id);
  }

  place(id: number, to: Placement): void {
    this.moves.delete(id);
    this.shown.set(id, to);
  }

  move(id: number, to: Placement): void {
    const from = this.shown.get(id);
    if (!from || samePlace(from, to)) {
      this.place(id, to);
      return;
    }
    this.moves.set(id, { from, to, step: 0 });
  }

  /** Drops every vehicle `keep` does not hold (a set of ids, or the map of the vehicles shown). */
  forget(keep: { has(id: number): boolean }): void {
    for (const id of this.shown.keys()) {
      if (!keep.has(id)) {
        this.shown.delete(id);
        this.moves.delete(id);
      }
    }
  }

  advance(steps = ANIMATION_STEPS): Array<[number, Placement]> {
    const moved: Array<[number, Placement]> = [];
    for (const [id, move] of this.moves) {
      move.step += 1;
      const at = interpolate(move.from, move.to, move.step, steps);
      this.shown.set(id, at);
      moved.push([id, at]);
      if (move.step >= steps) this.moves.delete(id);
    }
    return moved;
  }
}
