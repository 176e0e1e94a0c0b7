import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-50m.json?url';

/**
 * The offline base layer: country shapes and borders from Natural Earth (world-atlas, 1:50m), served with
 * the application itself, so it loads with no network at all.
 */
export function outlineFromTopology(topology: Topology): GeoJSON.FeatureCollection {
  const countries = topology.objects.countries as GeometryCollection;
  const land = feature(topology, countries) as GeoJSON.FeatureCollection;
  const borders = mesh(topology, countries);
  return {
    type: 'FeatureCollection',
    features: [
      ...land.features.map((country) => ({ ...country, properties: { kind: 'land' } })),
      { type: 'Feature', properties: { kind: 'border' }, geometry: borders as GeoJSON.MultiLineString },
    ],
  };
}

let loading: Promise<GeoJSON.FeatureCollection> | null = null;

export function loadWorldOutline(): Promise<GeoJSON.FeatureCollection> {
  loading ??= fetch(countriesUrl)
    .then((response) => response.json() as Promise<Topology>)
    .then(outlineFromTopology)
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
