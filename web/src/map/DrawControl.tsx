import { useEffect, useEffectEvent } from 'react';
import MapboxDraw from '@mapbox/mapbox-gl-draw';
import '@mapbox/mapbox-gl-draw/dist/mapbox-gl-draw.css';
import type { ControlPosition, IControl } from 'maplibre-gl';
import type { AreaGeometry } from '@frota/core';
import { useTranslation } from 'react-i18next';
import { setDrawing } from './drawingState';
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
  /** Starts with the zone (polygon) tool on: the zones list's "draw a zone on the map" */
  startWithZone?: boolean;
}

/** Drawing of point, line and polygon (document 1 §2), for users who may create zones. */
export function DrawControl({ position, onCreate, startWithZone = false }: DrawControlProps) {
  const map = useMap();
  const { t } = useTranslation();
  // the tools' titles in the current language, read when the control is made (no re-creation: a sketch
  // under way would be lost)
  const titlesOf = useEffectEvent((): Record<string, string> => ({
    point: t('mapUi.drawPoint'),
    line: t('mapUi.drawLine'),
    polygon: t('mapUi.drawPolygon'),
    trash: t('mapUi.drawDelete'),
  }));
  // The newest handler, without re-creating the control (and losing a sketch) when it changes.
  const created = useEffectEvent(onCreate);

  useEffect(() => {
    const draw = new MapboxDraw({
      displayControlsDefault: false,
      controls: { point: true, line_string: true, polygon: true, trash: true },
    });
    const control = draw as unknown as IControl;
    map.addControl(control, position);
    // the tools' own titles are English ("Polygon tool (3)"): ours name what each adds
    for (const [tool, title] of Object.entries(titlesOf())) {
      const button = map.getContainer().querySelector<HTMLButtonElement>(`.mapbox-gl-draw_${tool}`);
      button?.setAttribute('title', title);
      button?.setAttribute('aria-label', title);
    }
    // The sketch layers show only while drawing or while a drawn shape waits for its dialog.
    const sync = () => {
      // while a shape is drawn, the map's clicks are its corners (no vehicle popup)
      setDrawing(map, draw.getMode() !== 'simple_select');
      const drawing = draw.getMode() !== 'simple_select' || draw.getAll().features.length > 0;
      const ids = map.getLayersOrder().filter((id) => DRAW_SOURCES.includes(map.getLayer(id)?.source ?? ''));
      // the tools take clicks once the map has loaded (mapbox-gl-draw connects then): tests wait for it
      map.getContainer().toggleAttribute('data-draw-ready', ids.length > 0);
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
    if (startWithZone) draw.changeMode('draw_polygon');
    sync();
    return () => {
      map.off('draw.create' as never, onDrawn as never);
      for (const name of events) map.off(name as never, sync);
      map.removeControl(control);
      setDrawing(map, false);
    };
  }, [map, position, startWithZone]);
  return null;
}
