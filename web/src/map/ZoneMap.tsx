/** A small map of one zone, fitted to its shape (its own chunk: MapLibre loads with the first form). */
import { useEffect, useMemo } from 'react';
import { areaBounds, parseArea, toLngLatBounds } from '@frota/core';
import { MapView } from './MapView';
import { useMap } from './mapContext';
import { ZoneLayer } from './ZoneLayer';
import type { MapZone } from './zoneFeatures';

const PADDING = 32;
const MAX_ZOOM = 17;

/** Fits the camera to the zone whenever its shape changes; an unreadable shape leaves the camera where it is. */
function ZoneFit({ area, corridor }: { area: string; corridor: number | undefined }) {
  const map = useMap();
  useEffect(() => {
    let bounds: ReturnType<typeof toLngLatBounds>;
    try {
      bounds = toLngLatBounds(areaBounds(parseArea(area), corridor));
    } catch {
      return;
    }
    map.fitBounds(bounds, { padding: PADDING, maxZoom: MAX_ZOOM, duration: 0 });
    // the shape the camera shows (tests and screenshots read it)
    map.getContainer().setAttribute('data-fitted', area);
  }, [map, area, corridor]);
  return null;
}

export default function ZoneMap({ zone }: { zone: MapZone }) {
  const zones = useMemo(() => [zone], [zone]);
  const corridor = Number(zone.attributes.polylineDistance) || undefined;
  return (
    <MapView initialLayer="road">
      <ZoneLayer zones={zones} showNames />
      <ZoneFit area={zone.area} corridor={corridor} />
    </MapView>
  );
}
