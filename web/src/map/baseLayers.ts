import type { LayerSpecification, RasterSourceSpecification, StyleSpecification } from 'maplibre-gl';

/**
 * Base layers (document 1 §2): road, satellite, an open community map and a maps provider's roads and
 * satellite, all raster tiles fetched only when online. Beneath every one of them lies a world outline
 * shipped with the application, so with no network the vehicles still sit on land and sea.
 */
export type BaseLayerId =
  'road' | 'satellite' | 'community' | 'providerRoads' | 'providerSatellite' | 'outline';

export interface BaseLayer {
  id: BaseLayerId;
  /** i18n key */
  title: string;
  source?: RasterSourceSpecification;
}

const raster = (tiles: string[], attribution: string, maxzoom = 19): RasterSourceSpecification => ({
  type: 'raster',
  tiles,
  tileSize: 256,
  maxzoom,
  attribution,
});

const OSM = '© OpenStreetMap contributors';

export const BASE_LAYERS: readonly BaseLayer[] = [
  {
    id: 'road',
    title: 'live.layer.road',
    source: raster(
      ['a', 'b', 'c', 'd'].map(
        (s) => `https://${s}.basemaps.cartocdn.com/rastertiles/voyager/{z}/{x}/{y}.png`,
      ),
      `${OSM} © CARTO`,
    ),
  },
  {
    id: 'satellite',
    title: 'live.layer.satellite',
    source: raster(
      ['https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}'],
      '© Esri, Maxar, Earthstar Geographics',
    ),
  },
  {
    id: 'community',
    title: 'live.layer.community',
    source: raster(['https://tile.openstreetmap.org/{z}/{x}/{y}.png'], OSM),
  },
  {
    id: 'providerRoads',
    title: 'live.layer.providerRoads',
    source: raster(
      [0, 1, 2, 3].map((n) => `https://mt${n}.google.com/vt/lyrs=m&x={x}&y={y}&z={z}`),
      '© Google',
      20,
    ),
  },
  {
    id: 'providerSatellite',
    title: 'live.layer.providerSatellite',
    source: raster(
      [0, 1, 2, 3].map((n) => `https://mt${n}.google.com/vt/lyrs=s&x={x}&y={y}&z={z}`),
      '© Google',
      20,
    ),
  },
  { id: 'outline', title: 'live.layer.outline' },
];

export const DEFAULT_BASE_LAYER: BaseLayerId = 'road';
export const isBaseLayerId = (value: unknown): value is BaseLayerId =>
  BASE_LAYERS.some((layer) => layer.id === value);

export const OUTLINE_SOURCE = 'world-outline';
export const BASE_RASTER_SOURCE = 'base-raster';
export const BASE_RASTER_LAYER = 'base-raster';
/** An empty layer above the base layers: overlays are added after it, base rasters before it. */
export const BASE_TOP_LAYER = 'base-top';

/**
 * The sea is the map container's own background, seen through the canvas wherever nothing is drawn: a
 * background layer would repaint every pixel of every frame, a large share of a frame in software WebGL.
 */
export const SEA = '#aad3df';
const LAND = '#f2efe9';
const BORDER = '#9e9e9e';

/** Document 1 §9: zoom limits 1 to 19, initial centre [20, 10] at zoom 2. */
export const MAP_LIMITS = { minZoom: 1, maxZoom: 19, center: [20, 10] as [number, number], zoom: 2 };
/** Focus zoom of a selected vehicle or point zone. */
export const FOCUS_ZOOM = 15;

export function rasterLayer(): LayerSpecification {
  return { id: BASE_RASTER_LAYER, type: 'raster', source: BASE_RASTER_SOURCE };
}

/**
 * The outline's tiles go no deeper than this zoom and are enlarged beyond it: the 1:50m shapes hold no
 * more detail, and fewer tiles are cut and drawn while the map zooms.
 */
export const OUTLINE_MAX_ZOOM = 6;

/** The style the map starts with: no glyphs, no sprite, no network; the outline arrives with setData. */
export function baseStyle(layer: BaseLayerId): StyleSpecification {
  const chosen = BASE_LAYERS.find((l) => l.id === layer)?.source;
  return {
    version: 8,
    sources: {
      [OUTLINE_SOURCE]: {
        type: 'geojson',
        data: { type: 'FeatureCollection', features: [] },
        maxzoom: OUTLINE_MAX_ZOOM,
      },
      ...(chosen ? { [BASE_RASTER_SOURCE]: chosen } : {}),
    },
    layers: [
      {
        id: 'land',
        type: 'fill',
        source: OUTLINE_SOURCE,
        filter: ['==', ['get', 'kind'], 'land'],
        paint: { 'fill-color': LAND },
      },
      {
        id: 'borders',
        type: 'line',
        source: OUTLINE_SOURCE,
        filter: ['==', ['get', 'kind'], 'border'],
        paint: { 'line-color': BORDER, 'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.5, 8, 1.5] },
      },
      ...(chosen ? [rasterLayer()] : []),
      { id: BASE_TOP_LAYER, type: 'background', layout: { visibility: 'none' }, paint: {} },
    ],
  };
}
