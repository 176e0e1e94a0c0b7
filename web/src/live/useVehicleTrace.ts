import { useEffect, useState } from 'react';
import { getJson } from '../api/client';
import type { Position } from '../api/types';
import { appendTrace, traceFromHistory, type TracePoint } from './trace';
import type { VehicleView } from './types';

const HISTORY_WINDOW_MS = 3600_000;

/**
 * The trail of the selected vehicle: its recent history when the user may read it (silently skipped
 * otherwise), then every new position the live socket brings.
 */
export function useVehicleTrace(view: VehicleView | null): TracePoint[] {
  const [trace, setTrace] = useState<{ id: number | null; points: TracePoint[] }>({ id: null, points: [] });
  const id = view?.id ?? null;
  const position = view?.position ?? null;
  const demo = !!view?.demo;

  useEffect(() => {
    setTrace({ id, points: [] });
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
          current.id === id ? { id, points: current.points.reduce(appendTrace, points) } : current,
        );
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [id, demo]);

  useEffect(() => {
    if (id === null || !position) return;
    const point: TracePoint = [position.longitude, position.latitude];
    setTrace((current) => (current.id === id ? { id, points: appendTrace(current.points, point) } : current));
  }, [id, position]);

  return trace.id === id ? trace.points : [];
}
