import type { GeoJSONSourceSpecification, LayerSpecification } from 'maplibre-gl';
import { CLUSTER_MAX_ZOOM, CLUSTER_RADIUS } from './clusterDonut';
import { ICON_SIZE, MAP_FONT } from './mapContext';

export const VEHICLE_SOURCE = 'vehicles';
export const VEHICLE_ICONS = 'vehicle-icons';
export const VEHICLE_LABELS = 'vehicle-labels';
export const VEHICLE_SELECTED = 'vehicle-selected';
/**
 * An invisible mark on each vehicle's centre, above the names: placed first, it keeps every name off the
 * other vehicles (a name is left out rather than drawn over one) while the icons themselves are drawn
 * wherever they are (they take no room, so their own names sit beside them).
 */
export const VEHICLE_HITS = 'vehicle-hits';
/** The mark's image: transparent, the size of a vehicle's body on its icon. */
export const VEHICLE_HIT_IMAGE = 'vehicle-hit';
export const VEHICLE_HIT_PX = 28;
/** Dense views draw each vehicle as a dot in its status colour instead (see VehicleLayer, pointLayer). */
export const VEHICLE_POINTS = 'vehicle-points';
/** An id no vehicle has, for "nothing selected" in filters. */
export const NO_VEHICLE = -2_147_483_648;

const count = (code: number) => ['+', ['case', ['==', ['get', 'ign'], code], 1, 0]];

export function vehicleSource(cluster: boolean): GeoJSONSourceSpecification {
  return {
    type: 'geojson',
    data: { type: 'FeatureCollection', features: [] },
    ...(cluster
      ? {
          cluster: true,
          clusterRadius: CLUSTER_RADIUS,
          clusterMaxZoom: CLUSTER_MAX_ZOOM,
          // Donut slices: vehicles per ignition status code inside each cluster.
          clusterProperties: { c0: count(0), c1: count(1), c2: count(2), c3: count(3) },
        }
      : {}),
  } as GeoJSONSourceSpecification;
}

const notCluster = ['!', ['has', 'point_count']];

export const selectedFilter = (id: number | null) => ['all', notCluster, ['==', ['id'], id ?? NO_VEHICLE]];

export function vehicleLayers(selectedId: number | null): LayerSpecification[] {
  return [
    {
      id: VEHICLE_SELECTED,
      type: 'circle',
      source: VEHICLE_SOURCE,
      filter: selectedFilter(selectedId),
      paint: {
        'circle-radius': 22,
        'circle-color': 'rgba(13, 71, 161, 0.18)',
        'circle-stroke-color': '#0d47a1',
        'circle-stroke-width': 2,
      },
    },
    {
      id: VEHICLE_ICONS,
      type: 'symbol',
      source: VEHICLE_SOURCE,
      filter: notCluster,
      layout: {
        'icon-image': ['get', 'icon'],
        'icon-size': ICON_SIZE,
        'icon-rotate': ['get', 'course'],
        'icon-rotation-alignment': 'map',
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    },
    {
      id: VEHICLE_LABELS,
      type: 'symbol',
      source: VEHICLE_SOURCE,
      filter: ['all', notCluster, ['has', 'label']],
      layout: {
        'text-field': ['get', 'label'],
        'text-font': MAP_FONT,
        'text-size': 12,
        // below the vehicle, else above or beside it where that is free
        'text-variable-anchor': ['top', 'bottom', 'right', 'left'],
        'text-radial-offset': 1.5,
        'text-max-width': 14,
      },
      paint: { 'text-color': '#212121', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
    },
    {
      id: VEHICLE_HITS,
      type: 'symbol',
      source: VEHICLE_SOURCE,
      filter: notCluster,
      layout: {
        'icon-image': VEHICLE_HIT_IMAGE,
        'icon-size': ICON_SIZE,
        'icon-allow-overlap': true,
        'icon-ignore-placement': false,
      },
      paint: { 'icon-opacity': 0 },
    },
  ] as LayerSpecification[];
}
