import { useEffect, useRef, useState } from 'react';
import type { FilterSpecification, GeoJSONSource, LayerSpecification } from 'maplibre-gl';
import { useMap } from '../map/mapContext';
import { eventFeatures, rangeFilter } from './eventMarkers';
import { ICON_SCALE_EXPRESSION } from './iconScale';
import type { Playback, PlaybackState } from './playback';
import { routeFlags } from './routeColours';
import { buildRouteGeometry, type RouteGeometry } from './routeGeometry';
import { routeGlLayer } from './routeGl';
import type { ReplayData } from './types';
import { markerFeatures } from './vehicleMarker';

const ROUTE = 'replay-route';
const EVENTS = 'replay-events';
const VEHICLE = 'replay-vehicle';
const TRAIL_LAYER = 'replay-trail';
const ICON_LAYER = 'replay-vehicle-icon';
const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

const LAYERS: LayerSpecification[] = [
  {
    id: EVENTS,
    type: 'circle',
    source: EVENTS,
    paint: {
      'circle-radius': 6,
      'circle-color': ['get', 'colour'],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  },
  {
    id: TRAIL_LAYER,
    type: 'line',
    source: VEHICLE,
    filter: ['==', ['get', 'kind'], 'trail'],
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': '#ff6f00', 'line-width': 6, 'line-opacity': 0.85 },
  },
  {
    id: ICON_LAYER,
    type: 'symbol',
    source: VEHICLE,
    filter: ['==', ['get', 'kind'], 'vehicle'],
    layout: {
      'icon-image': ['get', 'icon'],
      'icon-size': ICON_SCALE_EXPRESSION as unknown as number,
      'icon-rotate': ['get', 'course'],
      'icon-rotation-alignment': 'map',
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  },
];

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

export interface ReplayLayersProps {
  data: ReplayData | null;
  playback: Playback;
  category: string;
  rotates: boolean;
  /** Called once the map has drawn the route of a new answer (the first frame with it). */
  onDrawn: (data: ReplayData) => void;
}

/**
 * The route (a WebGL layer over typed arrays), the event markers and the vehicle with its trail. Playback
 * reaches them through a subscription: a tick changes the route's draw range, one filter and one small
 * source, and never renders React.
 */
export function ReplayLayers({ data, playback, category, rotates, onDrawn }: ReplayLayersProps) {
  const map = useMap();
  const [route] = useState(() => routeGlLayer(ROUTE));
  /** what the route's geometry was built from */
  const built = useRef<{ latitude: Float64Array; flags: Uint8Array; geometry: RouteGeometry } | null>(null);

  useEffect(() => {
    map.addSource(EVENTS, { type: 'geojson', data: EMPTY });
    map.addSource(VEHICLE, { type: 'geojson', data: EMPTY });
    map.addLayer(route);
    for (const layer of LAYERS) map.addLayer(layer);
    return () => {
      for (const id of [...LAYERS.map((layer) => layer.id), ROUTE]) if (map.getLayer(id)) map.removeLayer(id);
      for (const id of [EVENTS, VEHICLE]) if (map.getSource(id)) map.removeSource(id);
    };
  }, [map, route]);

  useEffect(() => {
    const events = map.getSource(EVENTS) as GeoJSONSource | undefined;
    const vehicle = map.getSource(VEHICLE) as GeoJSONSource | undefined;
    if (!data) {
      built.current = null;
      route.setGeometry(null);
      void events?.setData(EMPTY);
      void vehicle?.setData(EMPTY);
      return;
    }
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flags = routeFlags(data.latitude, data.longitude, data.speed, data.speedLimit);
    const before = built.current;
    // the markers of a streamed route keep its geometry unless they colour some of it red
    const same = before && before.latitude === data.latitude && sameBytes(before.flags, flags);
    const started = performance.now();
    const geometry = same ? before.geometry : buildRouteGeometry(data.longitude, data.latitude, flags);
    if (!same) performance.measure('frota:replay-geometry', { start: started });
    // once drawn, the other levels of detail are made one a task, ready for a zoom
    const prepare = (k: number) => {
      if (alive && k < geometry.zooms.length)
        timer = setTimeout(() => {
          geometry.level(k);
          prepare(k + 1);
        }, 0);
    };
    const drawn = () => {
      if (!alive) return;
      onDrawn(data);
      prepare(0);
    };
    if (same) route.whenDrawn(drawn);
    else {
      built.current = { latitude: data.latitude, flags, geometry };
      route.setGeometry(geometry, drawn);
    }
    void events?.setData(eventFeatures(data));
    let last: PlaybackState | null = null;
    const draw = (state: PlaybackState) => {
      const { bounds, end } = state;
      route.setRange(bounds.lo, end);
      if (last?.end !== end || last.bounds !== bounds) {
        map.setFilter(EVENTS, rangeFilter(bounds.lo, end) as FilterSpecification);
        void vehicle?.setData(markerFeatures(data, end, category, rotates));
      }
      last = state;
    };
    draw(playback.getSnapshot());
    const unsubscribe = playback.subscribe(draw);
    map.triggerRepaint();
    return () => {
      alive = false;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [map, route, data, playback, category, rotates, onDrawn]);

  return null;
}
