/**
 * Performance marks around applying a live flush on this screen (read by bench/src/webMap.ts): from the
 * render that sees new positions to the end of the page's effects (list, counts, map sources updated).
 */
export const FLUSH_MEASURE = 'frota:live-flush';
const START = 'frota:live-flush:start';
const END = 'frota:live-flush:end';

let pending: { positions: number } | null = null;

export function flushStarted(positions: number): void {
  if (positions === 0 || typeof performance?.mark !== 'function') return;
  pending = { positions };
  performance.mark(START);
}

export function flushApplied(): void {
  if (!pending || typeof performance?.measure !== 'function') return;
  performance.mark(END);
  performance.measure(FLUSH_MEASURE, { start: START, end: END, detail: pending });
  pending = null;
}
