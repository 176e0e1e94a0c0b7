import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * Shows or hides map layers. A layer with nothing to draw is hidden rather than left visible over an empty
 * source: MapLibre keeps loading and masking the tiles of every source a visible layer uses, and in software
 * WebGL that costs frames during pan and zoom even when the tiles hold nothing.
 */
export function setLayersVisible(map: MapLibreMap, ids: readonly string[], visible: boolean): void {
  const value = visible ? 'visible' : 'none';
  for (const id of ids) {
    if (map.getLayer(id) && (map.getLayoutProperty(id, 'visibility') ?? 'visible') !== value)
      map.setLayoutProperty(id, 'visibility', value);
  }
}
