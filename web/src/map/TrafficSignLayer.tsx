import { memo, useEffect } from 'react';
import { useMap } from './mapContext';

export const TRAFFIC_SIGN_SOURCE = 'traffic-signs';
const SOURCE = TRAFFIC_SIGN_SOURCE;
const LAYER = 'traffic-signs';
/** Document 1 §2: traffic-sign tiles exist from zoom 1 to 14 (they are overzoomed beyond). */
export const TRAFFIC_SIGN_ZOOMS = { minzoom: 1, maxzoom: 14 };

export const trafficSignTiles = (token: string): string =>
  `https://tiles.mapillary.com/maps/vtp/mly_map_feature_traffic_sign/2/{z}/{x}/{y}${
    token ? `?access_token=${encodeURIComponent(token)}` : ''
  }`;

/** Street-level traffic signs over the base layer (map_showTrafficSigns); online only. */
export const TrafficSignLayer = memo(function TrafficSignLayer({ token }: { token: string }) {
  const map = useMap();
  useEffect(() => {
    map.addSource(SOURCE, { type: 'vector', tiles: [trafficSignTiles(token)], ...TRAFFIC_SIGN_ZOOMS });
    map.addLayer({
      id: LAYER,
      type: 'circle',
      source: SOURCE,
      'source-layer': 'traffic_sign',
      paint: {
        'circle-radius': 4,
        'circle-color': '#ff6f00',
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1,
      },
    });
    return () => {
      if (map.getLayer(LAYER)) map.removeLayer(LAYER);
      if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    };
  }, [map, token]);
  return null;
});
