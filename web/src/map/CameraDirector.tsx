import { useEffect, useRef } from 'react';
import { FOCUS_ZOOM } from './baseLayers';
import { useMap } from './mapContext';

/** Document 1 §2: the initial view fits all positions with 100 px padding. */
export const FIT_PADDING = 100;

export type CameraTarget =
  | {
      kind: 'point';
      longitude: number;
      latitude: number;
      zoom?: number;
      instant?: boolean;
      /** Puts the point a quarter of the view below the centre, leaving room above it for its popup. */
      lowered?: boolean;
    }
  | { kind: 'bounds'; bounds: [[number, number], [number, number]] };

/** A camera move; each new `seq` is carried out once. */
export type CameraRequest = CameraTarget & { seq: number };

export interface CameraDirectorProps {
  /** Fitted once per distinct key, as soon as there are points ([longitude, latitude]); read only until then. */
  fit: { key: string; points: () => ReadonlyArray<[number, number]> };
  /** Each new `seq` moves the camera: fly to a point (zoom 15 by default) or fit a box. */
  request: CameraRequest | null;
  /** Room taken by panels over the map: centring and fitting happen in the rest. */
  inset: { left: number; right: number; bottom: number };
}

export function CameraDirector({ fit, request, inset }: CameraDirectorProps) {
  const map = useMap();
  const fitted = useRef<string | null>(null);
  const done = useRef(0);
  const { left, right, bottom } = inset;

  useEffect(() => {
    map.setPadding({ top: 0, left, right, bottom });
  }, [map, left, right, bottom]);

  useEffect(() => {
    if (fitted.current === fit.key) return;
    const points = fit.points();
    if (points.length === 0) return;
    fitted.current = fit.key;
    if (points.length === 1) {
      map.jumpTo({ center: points[0], zoom: FOCUS_ZOOM });
      return;
    }
    let west = Infinity;
    let south = Infinity;
    let east = -Infinity;
    let north = -Infinity;
    for (const [longitude, latitude] of points) {
      west = Math.min(west, longitude);
      east = Math.max(east, longitude);
      south = Math.min(south, latitude);
      north = Math.max(north, latitude);
    }
    map.fitBounds(
      [
        [west, south],
        [east, north],
      ],
      { padding: FIT_PADDING, maxZoom: FOCUS_ZOOM, duration: 0 },
    );
  }, [map, fit]);

  useEffect(() => {
    if (!request || request.seq === done.current) return;
    done.current = request.seq;
    if (request.kind === 'bounds') {
      map.fitBounds(request.bounds, { padding: 60, maxZoom: FOCUS_ZOOM });
      return;
    }
    const target = {
      center: [request.longitude, request.latitude] as [number, number],
      zoom: request.zoom ?? FOCUS_ZOOM,
      offset: [0, request.lowered ? map.getContainer().clientHeight / 4 : 0] as [number, number],
    };
    if (request.instant) map.easeTo({ ...target, duration: 500 });
    else map.flyTo(target);
  }, [map, request]);
  return null;
}
