import { useEffect } from 'react';
import { Marker, type MapSourceDataEvent } from 'maplibre-gl';
import { clusterDonutSvg, clusterZoomTarget } from './clusterDonut';
import { FrameLoop } from './frameLoop';
import { useMap } from './mapContext';
import { VEHICLE_SOURCE } from './vehicleLayers';

interface ClusterProperties {
  cluster_id: number;
  c0: number;
  c1: number;
  c2: number;
  c3: number;
}

/**
 * The donuts of clustered vehicles as HTML markers (only the clusters on screen exist), redrawn when the
 * view settles or the vehicle data changes: once in the next animation frame, however many data events a
 * live flush raises (each would read every cluster of the loaded tiles again). A click zooms in 2 levels,
 * at most to 16.
 */
export function ClusterMarkers() {
  const map = useMap();
  useEffect(() => {
    const markers = new Map<string, Marker>();

    const refresh = () => {
      if (!map.getSource(VEHICLE_SOURCE)) return;
      const seen = new Set<string>();
      for (const feature of map.querySourceFeatures(VEHICLE_SOURCE, { filter: ['has', 'point_count'] })) {
        const p = feature.properties as ClusterProperties;
        const counts = [p.c0, p.c1, p.c2, p.c3].map((n) => Number(n) || 0);
        const key = `${p.cluster_id}:${counts.join(',')}`;
        if (seen.has(key)) continue;
        seen.add(key);
        if (markers.has(key)) continue;
        const [longitude, latitude] = (feature.geometry as GeoJSON.Point).coordinates;
        const element = document.createElement('div');
        element.innerHTML = clusterDonutSvg(counts);
        element.style.cursor = 'pointer';
        element.dataset.testid = 'vehicle-cluster';
        element.addEventListener('click', (event) => {
          event.stopPropagation();
          map.easeTo({ center: [longitude, latitude], zoom: clusterZoomTarget(map.getZoom()) });
        });
        markers.set(key, new Marker({ element }).setLngLat([longitude, latitude]).addTo(map));
      }
      for (const [key, marker] of markers) {
        if (!seen.has(key)) {
          marker.remove();
          markers.delete(key);
        }
      }
    };
    const frames = new FrameLoop(() => {
      refresh();
      return false;
    });
    const onData = (event: MapSourceDataEvent) => {
      if (event.sourceId === VEHICLE_SOURCE && event.isSourceLoaded) frames.ask();
    };
    const settled = () => frames.ask();
    map.on('moveend', settled);
    map.on('sourcedata', onData);
    refresh();
    return () => {
      frames.stop();
      map.off('moveend', settled);
      map.off('sourcedata', onData);
      for (const marker of markers.values()) marker.remove();
      markers.clear();
    };
  }, [map]);
  return null;
}
