import { memo, useEffect } from 'react';
import type { GeoJSONSource } from 'maplibre-gl';
import { setLayersVisible } from './layerVisibility';
import { useMap } from './mapContext';
import { VEHICLE_SELECTED } from './vehicleLayers';

const SOURCE = 'vehicle-trace';
const LAYER = 'vehicle-trace';

/** The selected vehicle's recent path, drawn under the markers. */
export const TraceLayer = memo(function TraceLayer({ points }: { points: ReadonlyArray<[number, number]> }) {
  const map = useMap();
  useEffect(() => {
    map.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    map.addLayer(
      {
        id: LAYER,
        type: 'line',
        source: SOURCE,
        layout: { 'line-cap': 'round', 'line-join': 'round', visibility: 'none' },
        paint: { 'line-color': '#0d47a1', 'line-width': 3, 'line-opacity': 0.8 },
      },
      map.getLayer(VEHICLE_SELECTED) ? VEHICLE_SELECTED : undefined,
    );
    return () => {
      if (map.getLayer(LAYER)) map.removeLayer(LAYER);
      if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    };
  }, [map]);

  useEffect(() => {
    const source = map.getSource(SOURCE) as GeoJSONSource | undefined;
    const drawn = points.length > 1;
    void source?.setData({
      type: 'FeatureCollection',
      features: drawn
        ? [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: [...points] } }]
        : [],
    });
    setLayersVisible(map, [LAYER], drawn);
  }, [map, points]);
  return null;
});
