import type { Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { setLayersVisible } from './layerVisibility';

describe('layer visibility', () => {
  /** MapLibre needs WebGL, which jsdom has not: a stand-in with the three calls the helper makes. */
  function layersOf(initial: Record<string, string | undefined>) {
    const layout = { ...initial };
    const changes: string[] = [];
    const map = {
      getLayer: (id: string) => (id in layout ? { id } : undefined),
      getLayoutProperty: (id: string) => layout[id],
      setLayoutProperty: (id: string, _name: string, value: string) => {
        layout[id] = value;
        changes.push(`${id}=${value}`);
      },
    } as unknown as MapLibreMap;
    return { map, layout, changes };
  }

  it('changes only the layers that differ and skips missing ones', () => {
    const { map, layout, changes } = layersOf({ a: undefined, b: 'none', c: 'visible' });
    setLayersVisible(map, ['a', 'b', 'missing'], false);
    expect(changes).toEqual(['a=none']);
    expect(layout).toEqual({ a: 'none', b: 'none', c: 'visible' });
    setLayersVisible(map, ['a', 'b', 'c'], true);
    expect(changes).toEqual(['a=none', 'a=visible', 'b=visible']);
  });
});
