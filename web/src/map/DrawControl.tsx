import { useEffect, useEffectEvent } from 'react';
import MapboxDraw from '@mapbox/mapbox-gl-draw';
import '@mapbox/mapbox-gl-draw/dist/mapbox-gl-draw.css';
import type { ControlPosition, IControl } from 'maplibre-gl';
import type { AreaGeometry } from '@frota/core';
import { setLayersVisible } from './layerVisibility';
import { useMap } from './mapContext';

// mapbox-gl-draw looks for Mapbox's class names; MapLibre uses its own prefix.
const classes = MapboxDraw.constants.classes as Record<string, string>;
classes.CANVAS = 'maplibregl-canvas';
classes.CONTROL_BASE = 'maplibregl-ctrl';
classes.CONTROL_PREFIX = 'maplibregl-ctrl-';
classes.CONTROL_GROUP = 'maplibregl-ctrl-group';
classes.ATTRIBUTION = 'maplibregl-ctrl-attrib';

const DRAW_SOURCES: readonly string[] = Object.values(MapboxDraw.constants.sources as Record<string, string>);

export interface DrawControlProps {
  position: ControlPosition;
  /** A finished drawing: a point of interest, a polyline or a zone; `clear` removes the sketch. */
  onCreate: (geometry: AreaGeometry, clear: () => void) => void;
}

/** Drawing of point, line and polygon (document 1 §2), for users who may create zones. */
export function DrawControl({ position, onCreate }: DrawControlProps) {
  const map = useMap();
  // The newest handler, without re-creating the control (and losing a sketch) when it changes.
  const created = useEffectEvent(onCreate);

  useEffect(() => {
    const draw = new MapboxDraw({
      displayControlsDefault: false,
      controls: { point: true, line_string: true, polygon: true, trash: true },
    });
    const control = draw as unknown as IControl;
    map.addControl(control, position);
    // The sketch layers show only while drawing or while a drawn shape waits for its dialog.
    const sync = () => {
      const drawing = draw.getMode() !== 'simple_select' || draw.getAll().features.length > 0;
      const ids = map.getLayersOrder().filter((id) => DRAW_SOURCES.includes(map.getLayer(id)?.source ?? ''));
      setLayersVisible(map, ids, drawing);
    };
    const onDrawn = (event: { features: GeoJSON.Feature[] }) => {
      sync();
      const geometry = event.features[0]?.geometry;
      if (
        geometry &&
        (geometry.type === 'Point' || geometry.type === 'LineString' || geometry.type === 'Polygon')
      )
        created(geometry as AreaGeometry, () => {
          draw.deleteAll();
          sync();
        });
    };
    const events = ['draw.modechange', 'draw.delete', 'styledata'];
    map.on('draw.create' as never, onDrawn as never);
    for (const name of events) map.on(name as never, sync);
    sync();
    return () => {
      map.off('draw.create' as never, onDrawn as never);
      for (const name of events) map.off(name as never, sync);
      map.removeControl(control);
    };
  }, [map, position]);
  return null;
}
