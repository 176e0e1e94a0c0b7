import { createContext, useContext } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';

/** The map instance of the enclosing MapView; layers are rendered only once it has loaded its style. */
export const MapContext = createContext<MapLibreMap | null>(null);

export function useMap(): MapLibreMap {
  const map = useContext(MapContext);
  if (!map) throw new Error('useMap outside a loaded MapView');
  return map;
}

/** Map text labels: no glyph server; MapLibre draws the glyphs with the browser's own fonts. */
export const MAP_FONT = ['sans-serif'];

/** Icon scale zoom/20 + 0.3, clamped to 0..1 (document 1 §9). */
export const ICON_SIZE = ['interpolate', ['linear'], ['zoom'], 0, 0.3, 14, 1] as const;
