/**
 * Performance marks around a live flush (read by bench/src/webMap.ts). A flush runs in two tasks: the
 * flush timer folds the queued messages into the query cache, then the cache's notification (a task of
 * its own) renders the screens. The fold's duration goes into the measure's detail; the measure runs
 * from the first render that sees the new positions to the end of the online map screen's effects (list,
 * counts and map sources updated); the bench adds the main-thread task holding that render.
 */
export const FLUSH_MEASURE = 'frota:live-flush';
const RENDER = 'frota:live-flush:render';
const END = 'frota:live-flush:end';

export interface FlushDetail {
  positions: number;
  /** when the flush timer fired (performance time) and how long folding the messages took */
  foldStart: number;
  foldMs: number;
}

let pending: FlushDetail | null = null;
let rendering = false;

const timeline = () => typeof performance !== 'undefined' && typeof performance.mark === 'function';

/** The flush timer fired; returns the time to hand to flushFolded. */
export function flushBegins(): number {
  return timeline() ? performance.now() : 0;
}

/** The flush begun at `foldStart` is in the query cache: measured only when it moves vehicles. */
export function flushFolded(foldStart: number, positions: number): void {
  if (positions === 0 || !timeline()) return;
  pending = { positions, foldStart, foldMs: performance.now() - foldStart };
  rendering = false;
}

/** A render sees the flush's positions (the first one marks where applying them starts). */
export function flushRendering(): void {
  if (!pending || rendering || !timeline()) return;
  rendering = true;
  performance.mark(RENDER);
}

/** The online map screen applied the flush (its effects ran). */
export function flushApplied(): void {
  if (!pending || !rendering || typeof performance.measure !== 'function') return;
  performance.mark(END);
  performance.measure(FLUSH_MEASURE, { start: RENDER, end: END, detail: pending });
  pending = null;
  rendering = false;
}
