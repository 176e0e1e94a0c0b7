import i18next from 'i18next';
import { mapLocale } from './mapLocale';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { Map as MapLibreMap, prewarm, setWorkerUrl, type ErrorEvent, type GeoJSONSource } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import {
  BASE_RASTER_SOURCE,
  baseStyle,
  MAP_LIMITS,
  OUTLINE_SOURCE,
  SEA,
  type BaseLayerId,
} from './baseLayers';
import { TRAFFIC_SIGN_SOURCE } from './TrafficSignLayer';
import { MapContext } from './mapContext';
import { installImageResolver } from './mapImages';
import { loadWorldOutline } from './worldOutline';
import { drawGlyphsLeftToRight } from './glyphDirection';

const ONLINE_SOURCES = [BASE_RASTER_SOURCE, TRAFFIC_SIGN_SOURCE];

// MapLibre finds its worker next to its own module; once bundled, Vite gives the worker file its own URL.
setWorkerUrl(workerUrl);
drawGlyphsLeftToRight();

// This module loads ahead of the first map (with its area, while the password is typed): its worker and
// the offline outline start loading now rather than when the map is created.
if (typeof Worker !== 'undefined') {
  prewarm();
  void loadWorldOutline().catch(() => undefined);
}

/**
 * MapLibre draws the style's sky on every frame, a full-screen pass, even for a style without one (its
 * default sky is transparent). Ours has none and the map never tilts far enough to show a horizon, so the
 * pass only costs time: in software WebGL about half of a frame's budget. Each map gets its own table of
 * draw functions without it.
 */
function skipEmptySky(map: MapLibreMap): void {
  map.painter.drawFunctions = { ...map.painter.drawFunctions, sky: () => undefined };
}

export interface MapViewProps {
  /** The base layer the map starts with (changed later by BaseLayerSwitch). */
  initialLayer: BaseLayerId;
  children?: ReactNode;
}

/**
 * The MapLibre map filling its parent. Its children (layers, controls, popups) are rendered once the
 * style has loaded and get the instance from context.
 */
export function MapView({ initialLayer, children }: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const firstLayer = useRef(initialLayer);

  useEffect(() => {
    if (!container.current) return;
    const instance = new MapLibreMap({
      container: container.current,
      style: baseStyle(firstLayer.current),
      center: MAP_LIMITS.center,
      zoom: MAP_LIMITS.zoom,
      minZoom: MAP_LIMITS.minZoom,
      maxZoom: MAP_LIMITS.maxZoom,
      attributionControl: { compact: true },
      dragRotate: true,
      locale: mapLocale(i18next.t),
    });
    installImageResolver(instance);
    // the camera moving (a fit to the fleet, a fly to a vehicle), for tests that click on the map
    const element = container.current;
    instance.on('movestart', () => element.setAttribute('data-moving', 'true'));
    instance.on('moveend', () => element.removeAttribute('data-moving'));
    // drawn and nothing left to load (screenshots wait for it)
    instance.on('idle', () => element.setAttribute('data-idle', 'true'));
    instance.on('dataloading', () => element.removeAttribute('data-idle'));
    skipEmptySky(instance);
    // Online tile layers fail tile by tile with no network; that is expected, the outline stays. Other
    // errors are still reported (MapLibre only logs them itself when nobody listens).
    instance.on('error', (event: ErrorEvent & { sourceId?: string }) => {
      if (event.sourceId && ONLINE_SOURCES.includes(event.sourceId)) return;
      console.error(event.error);
    });
    let alive = true;
    // Ready once the style is parsed: tiles of an online base layer may never come (no network).
    const ready = () => {
      if (!alive) return;
      setMap(instance);
      loadWorldOutline()
        .then((outline) => {
          if (alive) void (instance.getSource(OUTLINE_SOURCE) as GeoJSONSource | undefined)?.setData(outline);
        })
        .catch(() => {
          // Without the outline the sea colour still shows; nothing else depends on it.
        });
    };
    if (instance.isStyleLoaded()) ready();
    else instance.once('style.load', ready);
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(container.current);
    return () => {
      alive = false;
      resize.disconnect();
      setMap(null);
      // React runs this before the children's cleanups (layers, controls, popups take themselves off the
      // map there), so the map goes once they are done.
      queueMicrotask(() => instance.remove());
    };
  }, []);

  return (
    <Box sx={{ position: 'absolute', inset: 0 }}>
      <Box
        ref={container}
        data-testid="map-canvas"
        data-map-ready={map ? 'true' : 'false'}
        sx={{
          position: 'absolute',
          inset: 0,
          background: SEA,
          // MapLibre's stylesheet loads with the map's chunk, after these styles, and its
          // `.maplibregl-map { position: relative }` would collapse the map to no height.
          '&.maplibregl-map': { position: 'absolute' },
          '& .maplibregl-canvas': { outline: 'none' },
          // MapLibre's own CSS is not mirrored for right-to-left pages: the theme's style engine flips
          // these (the close button moves to the popup's left in Arabic). "2 km" keeps its reading order
          // by its own first letter (plaintext: the engine would flip a `direction: ltr` to rtl).
          '& .maplibregl-popup-close-button': { right: 0, left: 'auto' },
          '& .maplibregl-ctrl-scale': { unicodeBidi: 'plaintext' },
          // "© OpenStreetMap contributors © CARTO" reads by its first letter too (its © would move to the end)
          '& .maplibregl-ctrl-attrib-inner': { unicodeBidi: 'plaintext' },
        }}
      />
      {map && <MapContext.Provider value={map}>{children}</MapContext.Provider>}
    </Box>
  );
}
