/** A small map of one zone, fitted to its shape (its own chunk: MapLibre loads with the first form). */
import { useEffect, useMemo } from 'react';
import type { MapMouseEvent } from 'maplibre-gl';
import { areaBounds, parseArea, toLngLatBounds } from '@frota/core';
import { MapView } from './MapView';
import { useMap } from './mapContext';
import { ZoneLayer } from './ZoneLayer';
import type { MapZone } from './zoneFeatures';

/** room around the shape, more at the foot where the map's attribution sits */
const PADDING = { top: 32, left: 32, right: 32, bottom: 48 };
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

/** A click on the map hands its point over (a circle's new centre). */
function ZonePick({ onPick }: { onPick: (latitude: number, longitude: number) => void }) {
  const map = useMap();
  useEffect(() => {
    const click = (e: MapMouseEvent) => onPick(e.lngLat.lat, e.lngLat.lng);
    map.on('click', click);
    map.getCanvas().style.cursor = 'crosshair';
    return () => {
      map.off('click', click);
      map.getCanvas().style.cursor = '';
    };
  }, [map, onPick]);
  return null;
}

export default function ZoneMap({
  zone,
  onPick,
}: {
  zone: MapZone;
  onPick?: (latitude: number, longitude: number) => void;
}) {
  const zones = useMemo(() => [zone], [zone]);
  const corridor = Number(zone.attributes.polylineDistance) || undefined;
  return (
    <MapView initialLayer="road">
      <ZoneLayer zones={zones} showNames />
      <ZoneFit area={zone.area} corridor={corridor} />
      {onPick && <ZonePick onPick={onPick} />}
    </MapView>
  );
}
