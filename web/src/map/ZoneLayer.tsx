import { useEffect, useMemo } from 'react';
import type { GeoJSONSource, LayerSpecification } from 'maplibre-gl';
import { setLayersVisible } from './layerVisibility';
import { MAP_FONT, useMap } from './mapContext';
import { VEHICLE_SELECTED } from './vehicleLayers';
import { zoneFeatures, type MapZone } from './zoneFeatures';

const SOURCE = 'zones';
const NAMES = ['zone-names', 'zone-line-names'];

const nameLayout = { 'text-field': ['get', 'name'], 'text-font': MAP_FONT, 'text-size': 12 };
const namePaint = { 'text-color': '#37474f', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 };

const LAYERS = [
  {
    id: 'zone-fill',
    type: 'fill',
    source: SOURCE,
    filter: [
      'all',
      ['in', ['get', 'kind'], ['literal', ['polygon', 'circle']]],
      ['==', ['get', 'fill'], true],
    ],
    paint: { 'fill-color': ['get', 'color'], 'fill-opacity': 0.15 },
  },
  {
    id: 'zone-outline',
    type: 'line',
    source: SOURCE,
    filter: ['in', ['get', 'kind'], ['literal', ['polygon', 'circle']]],
    paint: { 'line-color': ['get', 'color'], 'line-width': 2 },
  },
  {
    id: 'zone-lines',
    type: 'line',
    source: SOURCE,
    filter: ['==', ['get', 'kind'], 'linestring'],
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': ['get', 'color'], 'line-width': ['get', 'width'], 'line-opacity': 0.6 },
  },
  {
    id: 'zone-icons',
    type: 'symbol',
    source: SOURCE,
    filter: ['==', ['get', 'kind'], 'centre'],
    layout: { 'icon-image': ['get', 'icon'], 'icon-anchor': ['get', 'anchor'], 'icon-allow-overlap': true },
  },
  {
    id: 'zone-names',
    type: 'symbol',
    source: SOURCE,
    filter: ['in', ['get', 'kind'], ['literal', ['polygon', 'centre']]],
    layout: { ...nameLayout, 'text-anchor': 'top', 'text-offset': [0, 1] },
    paint: namePaint,
  },
  {
    id: 'zone-line-names',
    type: 'symbol',
    source: SOURCE,
    filter: ['==', ['get', 'kind'], 'linestring'],
    layout: { ...nameLayout, 'symbol-placement': 'line-center' },
    paint: namePaint,
  },
] as LayerSpecification[];

/** The feature kinds each layer draws (as its filter says); a layer is shown only when some are there. */
const KINDS: Record<string, readonly string[]> = {
  'zone-fill': ['polygon', 'circle'],
  'zone-outline': ['polygon', 'circle'],
  'zone-lines': ['linestring'],
  'zone-icons': ['centre'],
  'zone-names': ['polygon', 'centre'],
  'zone-line-names': ['linestring'],
};

/** The user's zones in their colour, fill and icon; names only when the settings ask for them. */
export function ZoneLayer({ zones, showNames }: { zones: readonly MapZone[]; showNames: boolean }) {
  const map = useMap();
  useEffect(() => {
    map.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    const below = map.getLayer(VEHICLE_SELECTED) ? VEHICLE_SELECTED : undefined;
    for (const layer of LAYERS)
      map.addLayer({ ...layer, layout: { ...layer.layout, visibility: 'none' } }, below);
    return () => {
      for (const layer of LAYERS) if (map.getLayer(layer.id)) map.removeLayer(layer.id);
      if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    };
  }, [map]);

  const data = useMemo(() => zoneFeatures(zones), [zones]);
  useEffect(() => {
    void (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(data);
    const kinds = new Set(data.features.map((feature) => feature.properties?.kind as string));
    for (const layer of LAYERS) {
      const wanted = KINDS[layer.id].some((kind) => kinds.has(kind));
      setLayersVisible(map, [layer.id], wanted && (showNames || !NAMES.includes(layer.id)));
    }
  }, [map, data, showNames]);
  return null;
}
