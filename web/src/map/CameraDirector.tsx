import { useEffect, useRef } from 'react';
import { FOCUS_ZOOM } from './baseLayers';
import { useMap } from './mapContext';

/** Document 1 §2: the initial view fits all positions with 100 px padding. */
export const FIT_PADDING = 100;

/** The map's control column (zoom, compass, drawing …), 29 px buttons 10 px in from the edge, and a margin. */
const CONTROLS_PX = 56;

/**
 * The fit's padding for a free area of `width` × `height` px: the spec's 100 px, but on a small screen an
 * eighth of it (a phone's 390 px kept 190 for the fleet with 100 a side), never less than the control
 * column, so no vehicle is fitted under the buttons.
 */
export function fitPadding(width: number, height: number): number {
  const eighth = Math.floor(Math.min(width, height) / 8);
  return Math.max(
    0,
    Math.min(FIT_PADDING, Math.max(CONTROLS_PX, eighth), Math.floor(Math.min(width, height) / 3)),
  );
}

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
    const container = map.getContainer();
    map.fitBounds(
      [
        [west, south],
        [east, north],
      ],
      {
        padding: fitPadding(container.clientWidth - left - right, container.clientHeight - bottom),
        maxZoom: FOCUS_ZOOM,
        duration: 0,
      },
    );
  }, [map, fit, left, right, bottom]);

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
