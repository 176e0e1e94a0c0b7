/** Document 1 §2: the selected vehicle's trail keeps its last 5 points. */
export const TRACE_POINTS = 5;

export type TracePoint = [number, number];

/** Adds a point unless it repeats the last one; keeps the last 5. */
export function appendTrace(points: readonly TracePoint[], point: TracePoint): TracePoint[] {
  const last = points[points.length - 1];
  if (last && last[0] === point[0] && last[1] === point[1]) return [...points];
  return [...points, point].slice(-TRACE_POINTS);
}

/** The last 5 distinct points of a history, oldest first. */
export function traceFromHistory(points: readonly TracePoint[]): TracePoint[] {
  return points.reduce<TracePoint[]>((trace, point) => appendTrace(trace, point), []);
}
