/** A small map of one zone, fitted to its shape (its own chunk: MapLibre loads with the first form). */
import { useEffect, useMemo } from 'react';
import { NavigationControl, type MapMouseEvent } from 'maplibre-gl';
import { useTranslation } from 'react-i18next';
import { areaBounds, parseArea, toLngLatBounds } from '@frota/core';
import { MapView } from './MapView';
import { useMap } from './mapContext';
import { ZoneLayer } from './ZoneLayer';
import type { MapZone } from './zoneFeatures';

/** room around the shape, more at the foot where the map's attribution sits */
const PADDING = { top: 32, left: 32, right: 32, bottom: 48 };
/** A small zone (a 100 m circle) is shown with some of its surroundings, its neighbours among them. */
const MAX_ZOOM = 16;
/**
 * A zone still being created is shown from further out: the base map has no streets offline, so the fleet's
 * other zones around it are what tells the user where to click; the + button brings them closer.
 */
const NEW_ZONE_MAX_ZOOM = 13;

/** Fits the camera to the zone whenever its shape changes; an unreadable shape leaves the camera where it is. */
function ZoneFit({
  area,
  corridor,
  maxZoom,
}: {
  area: string;
  corridor: number | undefined;
  maxZoom: number;
}) {
  const map = useMap();
  useEffect(() => {
    let bounds: ReturnType<typeof toLngLatBounds>;
    try {
      bounds = toLngLatBounds(areaBounds(parseArea(area), corridor));
    } catch {
      return;
    }
    map.fitBounds(bounds, { padding: PADDING, maxZoom, duration: 0 });
    // the shape the camera shows (tests and screenshots read it)
    map.getContainer().setAttribute('data-fitted', area);
  }, [map, area, corridor, maxZoom]);
  return null;
}

/** Zoom buttons, on the side the page reads towards: the way out to the surroundings of a small zone. */
function ZoomButtons() {
  const map = useMap();
  const { i18n } = useTranslation();
  const side = i18n.dir() === 'rtl' ? 'top-left' : 'top-right';
  useEffect(() => {
    const control = new NavigationControl({ showCompass: false, showZoom: true });
    map.addControl(control, side);
    return () => {
      map.removeControl(control);
    };
  }, [map, side]);
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
  context = [],
  onPick,
}: {
  zone: MapZone;
  /** the fleet's other zones, drawn around it as landmarks (the edited one left out of them) */
  context?: readonly MapZone[];
  onPick?: (latitude: number, longitude: number) => void;
}) {
  const zones = useMemo(
    () => [...context.filter((other) => !zone.id || other.id !== zone.id), zone],
    [zone, context],
  );
  const corridor = Number(zone.attributes.polylineDistance) || undefined;
  return (
    <MapView initialLayer="road">
      <ZoneLayer zones={zones} showNames />
      <ZoomButtons />
      <ZoneFit area={zone.area} corridor={corridor} maxZoom={zone.id ? MAX_ZOOM : NEW_ZONE_MAX_ZOOM} />
      {onPick && <ZonePick onPick={onPick} />}
    </MapView>
  );
}
