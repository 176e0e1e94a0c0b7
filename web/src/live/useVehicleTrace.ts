import { useEffect, useState } from 'react';
import { getJson } from '../api/client';
import type { Position } from '../api/types';
import { appendTrace, traceFromHistory, type TracePoint } from './trace';
import type { LivePosition, VehicleView } from './types';

const HISTORY_WINDOW_MS = 3600_000;

/** The trail and the vehicle it was last brought up to date with. */
interface Trace {
  id: number | null;
  demo: boolean;
  position: LivePosition | null;
  points: TracePoint[];
}

/**
 * The trail of the selected vehicle: its recent history when the user may read it (silently skipped
 * otherwise), then every new position the live socket brings.
 */
export function useVehicleTrace(view: VehicleView | null): TracePoint[] {
  const [trace, setTrace] = useState<Trace>({ id: null, demo: false, position: null, points: [] });
  const id = view?.id ?? null;
  const position = view?.position ?? null;
  const demo = !!view?.demo;

  // Brought up to date while rendering (React renders again at once), not in an effect: no render is
  // committed with a trail behind its vehicle.
  if (trace.id !== id || trace.demo !== demo || trace.position !== position) {
    const kept = trace.id === id && trace.demo === demo ? trace.points : [];
    const moved = (trace.id !== id || trace.position !== position) && id !== null && position !== null;
    setTrace({
      id,
      demo,
      position,
      points: moved ? appendTrace(kept, [position.longitude, position.latitude]) : kept,
    });
  }

  useEffect(() => {
    if (id === null || demo) return;
    let alive = true;
    const to = new Date();
    const from = new Date(to.getTime() - HISTORY_WINDOW_MS);
    getJson<Position[]>(
      `/api/positions?deviceId=${id}&from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`,
    )
      .then((history) => {
        if (!alive) return;
        const points = traceFromHistory(history.map((p) => [p.longitude, p.latitude] as TracePoint));
        setTrace((current) =>
          current.id === id ? { ...current, points: current.points.reduce(appendTrace, points) } : current,
        );
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [id, demo]);

  return trace.points;
}
