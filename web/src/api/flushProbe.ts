/**
 * Performance marks around a live flush (read by bench/src/webMap.ts). A flush runs in two tasks: the
 * flush timer folds the queued messages into the query cache, then the cache's notification (a task of
 * its own) renders the screens. The fold's duration goes into the measure's detail; the measure runs
 * from the first render that sees the new positions to the end of the online map screen's effects (list,
 * counts and the map's new vehicles handed over); the bench adds the main-thread task holding that
 * render. The map applies the vehicles in its next animation frame, measured apart (FLUSH_MAP_MEASURE).
 */
export const FLUSH_MEASURE = 'frota:live-flush';
/** The map applying a measured flush in the animation frame after it (see flushDrawing). */
export const FLUSH_MAP_MEASURE = 'frota:live-flush:map';
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
/** A measured flush the map has not drawn yet. */
let drawing = false;

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
  drawing = true;
}

const noMeasure = () => undefined;

/**
 * The map starts applying new vehicles in an animation frame; call the answer when done. Measured
 * (FLUSH_MAP_MEASURE) for the first frame after a measured flush: the map's share of applying it, which
 * runs in its own task after the screen's.
 */
export function flushDrawing(): () => void {
  if (!drawing || typeof performance.measure !== 'function') return noMeasure;
  drawing = false;
  const start = performance.now();
  return () => {
    performance.measure(FLUSH_MAP_MEASURE, { start, end: performance.now() });
  };
}
