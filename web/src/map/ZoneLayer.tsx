import { memo, useEffect, useMemo } from 'react';
import type { GeoJSONSource, LayerSpecification } from 'maplibre-gl';
import { setLayersVisible } from './layerVisibility';
import { MAP_FONT, useMap } from './mapContext';
import { VEHICLE_SELECTED } from './vehicleLayers';
import { zoneFeatures, type MapZone } from './zoneFeatures';

const SOURCE = 'zones';
const NAMES = ['zone-names', 'zone-line-names'];

const nameLayout = { 'text-field': ['get', 'name'], 'text-font': MAP_FONT, 'text-size': 12 };
const namePaint = { 'text-color': '#37474f', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 };

/** The features of these kinds (see zoneFeatures). */
const ofKind = (kinds: readonly string[]) => ['in', ['get', 'kind'], ['literal', kinds]];

/** Each layer with the feature kinds it draws: its filter, and shown only when the zones hold some. */
const LAYERS: Array<{ kinds: readonly string[]; spec: LayerSpecification }> = (
  [
    {
      kinds: ['polygon', 'circle'],
      spec: {
        id: 'zone-fill',
        type: 'fill',
        filter: ['all', ofKind(['polygon', 'circle']), ['==', ['get', 'fill'], true]],
        paint: { 'fill-color': ['get', 'color'], 'fill-opacity': 0.15 },
      },
    },
    {
      kinds: ['polygon', 'circle'],
      spec: { id: 'zone-outline', type: 'line', paint: { 'line-color': ['get', 'color'], 'line-width': 2 } },
    },
    {
      kinds: ['linestring'],
      spec: {
        id: 'zone-lines',
        type: 'line',
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': ['get', 'color'], 'line-width': ['get', 'width'], 'line-opacity': 0.6 },
      },
    },
    {
      kinds: ['centre'],
      spec: {
        id: 'zone-icons',
        type: 'symbol',
        layout: {
          'icon-image': ['get', 'icon'],
          'icon-anchor': ['get', 'anchor'],
          'icon-allow-overlap': true,
        },
      },
    },
    {
      kinds: ['polygon', 'centre'],
      spec: {
        id: 'zone-names',
        type: 'symbol',
        layout: { ...nameLayout, 'text-anchor': 'top', 'text-offset': [0, 1] },
        paint: namePaint,
      },
    },
    {
      kinds: ['linestring'],
      spec: {
        id: 'zone-line-names',
        type: 'symbol',
        layout: { ...nameLayout, 'symbol-placement': 'line-center' },
        paint: namePaint,
      },
    },
  ] as Array<{ kinds: readonly string[]; spec: Record<string, unknown> }>
).map(({ kinds, spec }) => ({
  kinds,
  spec: {
    source: SOURCE,
    filter: ofKind(kinds),
    ...spec,
    layout: { ...(spec.layout as object), visibility: 'none' },
  } as LayerSpecification,
}));

/** The user's zones in their colour, fill and icon; names only when the settings ask for them. */
export const ZoneLayer = memo(function ZoneLayer({
  zones,
  showNames,
}: {
  zones: readonly MapZone[];
  showNames: boolean;
}) {
  const map = useMap();
  useEffect(() => {
    map.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    const below = map.getLayer(VEHICLE_SELECTED) ? VEHICLE_SELECTED : undefined;
    for (const { spec } of LAYERS) map.addLayer(spec, below);
    return () => {
      for (const { spec } of LAYERS) if (map.getLayer(spec.id)) map.removeLayer(spec.id);
      if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    };
  }, [map]);

  const data = useMemo(() => zoneFeatures(zones), [zones]);
  useEffect(() => {
    void (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(data);
  }, [map, data]);

  useEffect(() => {
    const present = new Set(data.features.map((feature) => feature.properties?.kind as string));
    for (const { kinds, spec } of LAYERS) {
      const drawn = kinds.some((kind) => present.has(kind));
      setLayersVisible(map, [spec.id], drawn && (showNames || !NAMES.includes(spec.id)));
    }
  }, [map, data, showNames]);
  return null;
});
