import { memo, useEffect } from 'react';
import {
  GeolocateControl,
  NavigationControl,
  ScaleControl,
  type ControlPosition,
  type IControl,
  type Map as MapLibreMap,
} from 'maplibre-gl';
import { useMap } from './mapContext';

/** Document 1 §2 and §9: geolocate gives up after 5000 ms; the scale is 100 px wide, metric. */
export const GEOLOCATE_TIMEOUT_MS = 5000;
export const SCALE_WIDTH = 100;

/** A one-button control that opens driving directions to a point on a public maps site. */
class DirectionsControl implements IControl {
  private container: HTMLDivElement | null = null;

  constructor(
    private readonly title: string,
    private readonly target: (map: MapLibreMap) => [number, number],
  ) {}

  onAdd(map: MapLibreMap): HTMLElement {
    const container = document.createElement('div');
    container.className = 'maplibregl-ctrl maplibregl-ctrl-group';
    const button = document.createElement('button');
    button.type = 'button';
    button.title = this.title;
    button.setAttribute('aria-label', this.title);
    button.dataset.testid = 'map-directions';
    button.innerHTML =
      '<svg viewBox="0 0 24 24" width="20" height="20" style="margin:5px"><path fill="#333" d="M21.71 11.29l-9-9a.996.996 0 0 0-1.41 0l-9 9a.996.996 0 0 0 0 1.41l9 9c.39.39 1.02.39 1.41 0l9-9a.996.996 0 0 0 0-1.41zM14 14.5V12h-4v3H8v-4c0-.55.45-1 1-1h5V7.5l3.5 3.5-3.5 3.5z"/></svg>';
    button.onclick = () => {
      const [longitude, latitude] = this.target(map);
      window.open(
        `https://www.google.com/maps/dir/?api=1&destination=${latitude.toFixed(6)},${longitude.toFixed(6)}`,
        '_blank',
        'noopener',
      );
    };
    container.appendChild(button);
    this.container = container;
    return container;
  }

  onRemove(): void {
    this.container?.remove();
    this.container = null;
  }
}

export interface MapControlsProps {
  position: ControlPosition;
  directionsTitle: string;
  /** Directions go to the selected vehicle when there is one, else to the map centre. */
  directionsTarget: () => [number, number] | null;
}

/** Zoom and compass, geolocate, scale and directions. */
export const MapControls = memo(function MapControls({
  position,
  directionsTitle,
  directionsTarget,
}: MapControlsProps) {
  const map = useMap();
  useEffect(() => {
    const controls: IControl[] = [
      new NavigationControl({ showCompass: true, showZoom: true, visualizePitch: true }),
      new GeolocateControl({
        positionOptions: { enableHighAccuracy: true, timeout: GEOLOCATE_TIMEOUT_MS },
        trackUserLocation: false,
      }),
      new DirectionsControl(directionsTitle, (m) => {
        const target = directionsTarget();
        if (target) return target;
        const centre = m.getCenter();
        return [centre.lng, centre.lat];
      }),
    ];
    const scale = new ScaleControl({ maxWidth: SCALE_WIDTH, unit: 'metric' });
    for (const control of controls) map.addControl(control, position);
    const scalePosition: ControlPosition = position === 'top-left' ? 'bottom-left' : 'bottom-right';
    map.addControl(scale, scalePosition);
    return () => {
      for (const control of [...controls, scale]) map.removeControl(control);
    };
  }, [map, position, directionsTitle, directionsTarget]);
  return null;
});
