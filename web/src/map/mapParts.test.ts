import { describe, expect, it } from 'vitest';
import { BASE_LAYERS, baseStyle, MAP_LIMITS } from './baseLayers';
import {
  CLUSTER_MAX_ZOOM,
  CLUSTER_RADIUS,
  clusterDonutSvg,
  clusterFontSize,
  clusterZoomTarget,
} from './clusterDonut';
import { VEHICLE_HITS, VEHICLE_ICONS, VEHICLE_LABELS, vehicleLayers, vehicleSource } from './vehicleLayers';
import { vehicleFeature, vehicleIconId, vehicleLabel, type MapVehicle } from './vehicleFeatures';
import { zoneFeatures } from './zoneFeatures';

const truck: MapVehicle = {
  id: 5,
  longitude: 13.2,
  latitude: -8.8,
  course: 135,
  category: 'truck',
  color: 'green',
  ignitionCode: 0,
  name: 'Camião 5',
  driverName: 'Ana',
};

describe('vehicle features', () => {
  it('carry the category icon in the status colour, the course and the ignition code', () => {
    expect(
      vehicleFeature(
        truck,
        { longitude: 13.1, latitude: -8.7, course: 100 },
        { vehicleNames: true, driverNames: false },
      ),
    ).toEqual({
      type: 'Feature',
      id: 5,
      geometry: { type: 'Point', coordinates: [13.1, -8.7] },
      properties: { icon: 'vehicle:truck:green', course: 100, ign: 0, label: 'Camião 5' },
    });
    expect(vehicleIconId('3d_vehicle_12', 'gray')).toBe('vehicle:3d_vehicle_12:gray');
    // Without names to show the label is left out (less to copy to the map's worker per update).
    const bare = vehicleFeature(
      truck,
      { longitude: 13.1, latitude: -8.7, course: 100 },
      { vehicleNames: false, driverNames: false },
    );
    expect(bare.properties).toEqual({ icon: 'vehicle:truck:green', course: 100, ign: 0 });
  });

  it('label vehicle and driver names per the user settings', () => {
    expect(vehicleLabel(truck, { vehicleNames: true, driverNames: true })).toBe('Camião 5\nAna');
    expect(vehicleLabel(truck, { vehicleNames: false, driverNames: true })).toBe('Ana');
    expect(vehicleLabel(truck, { vehicleNames: false, driverNames: false })).toBe('');
  });
});

describe('clusters', () => {
  it('cluster only when asked, with radius 50, max zoom 14 and counts per ignition status', () => {
    expect(vehicleSource(false)).not.toHaveProperty('cluster');
    expect(vehicleSource(true)).toMatchObject({ cluster: true, clusterRadius: 50, clusterMaxZoom: 14 });
    expect(Object.keys((vehicleSource(true) as { clusterProperties: object }).clusterProperties)).toEqual([
      'c0',
      'c1',
      'c2',
      'c3',
    ]);
    expect([CLUSTER_RADIUS, CLUSTER_MAX_ZOOM]).toEqual([50, 14]);
  });

  it('zoom in two levels, at most to 16', () => {
    expect(clusterZoomTarget(10)).toBe(12);
    expect(clusterZoomTarget(15)).toBe(16);
  });

  it('size the label by count (over 10, 100, 1000)', () => {
    expect([5, 11, 101, 1001].map(clusterFontSize)).toEqual([13, 15, 17, 20]);
  });

  it('draw one slice per status present and the total in the middle', () => {
    const svg = clusterDonutSvg([3, 0, 1, 0]);
    expect(svg.match(/<path /g)).toHaveLength(2);
    expect(svg).toContain('>4</text>');
    expect(svg).toContain('fill="#2e7d32"');
    expect(svg).toContain('fill="#c62828"');
  });
});

describe('base layers', () => {
  it('offer road, satellite, the community map, two provider layers and the offline outline', () => {
    expect(BASE_LAYERS.map((l) => l.id)).toEqual([
      'road',
      'satellite',
      'community',
      'providerRoads',
      'providerSatellite',
      'outline',
    ]);
  });

  it('always keep the offline outline beneath, with no glyphs or sprite from the network', () => {
    for (const layer of BASE_LAYERS) {
      const style = baseStyle(layer.id);
      expect(style.glyphs).toBeUndefined();
      expect(style.sprite).toBeUndefined();
      // The sea is the container's background colour, not a layer repainted every frame.
      expect(style.layers.map((l) => l.id).slice(0, 2)).toEqual(['land', 'borders']);
      expect(style.layers.some((l) => l.type === 'background' && l.layout?.visibility !== 'none')).toBe(
        false,
      );
      expect(style.sources['world-outline']).toMatchObject({ type: 'geojson', maxzoom: 6 });
    }
    expect(baseStyle('outline').sources).not.toHaveProperty('base-raster');
  });

  it('start at [20, 10] zoom 2 within zoom 1 to 19', () => {
    expect(MAP_LIMITS).toEqual({ minZoom: 1, maxZoom: 19, center: [20, 10], zoom: 2 });
  });
});

describe('zone features', () => {
  it('draw each area with its colour, fill and icon, skipping unreadable ones', () => {
    const { features } = zoneFeatures([
      {
        id: 1,
        name: 'Porto',
        area: 'CIRCLE (-8.8 13.2, 400)',
        attributes: { icon: 'fuel', color: 'ff6900' },
      },
      {
        id: 2,
        name: 'Ilha',
        area: 'POLYGON ((-8.78 13.21, -8.79 13.22, -8.80 13.23))',
        attributes: { fill: false },
      },
      {
        id: 3,
        name: 'Via',
        area: 'LINESTRING (-8.83 13.26, -8.87 13.30)',
        attributes: { polylineDistance: 40 },
      },
      { id: 4, name: 'Mau', area: 'CIRCLE (x)', attributes: {} },
    ]);
    expect(features.map((f) => [f.properties?.name, f.properties?.kind, f.geometry.type])).toEqual([
      ['Porto', 'circle', 'Polygon'],
      ['Porto', 'centre', 'Point'],
      ['Ilha', 'polygon', 'Polygon'],
      ['Via', 'linestring', 'LineString'],
    ]);
    expect(features[0].properties).toMatchObject({ color: '#ff6900', fill: true });
    expect(features[1].properties).toMatchObject({ icon: 'zone:fuel', anchor: 'bottom' });
    expect(features[2].properties).toMatchObject({ color: '#3bb2d0', fill: false });
    expect(features[3].properties).toMatchObject({ width: 8 });
  });
});

describe('vehicle symbols', () => {
  it('keep the names off the other vehicles: an invisible mark on each, placed before the names', () => {
    const layers = vehicleLayers(null);
    const symbols = layers.filter((layer) => layer.type === 'symbol').map((layer) => layer.id);
    // the map places symbols from the top layer down: the marks first, then the names
    expect(symbols).toEqual([VEHICLE_ICONS, VEHICLE_LABELS, VEHICLE_HITS]);
    const layout = (id: string) => layers.find((layer) => layer.id === id)!.layout as Record<string, unknown>;
    expect(layout(VEHICLE_HITS)['icon-allow-overlap']).toBe(true);
    expect(layout(VEHICLE_HITS)['icon-ignore-placement']).toBe(false);
    expect(
      (layers.find((layer) => layer.id === VEHICLE_HITS)!.paint as Record<string, unknown>)['icon-opacity'],
    ).toBe(0);
    // the icons take no room (their own names sit beside them); a name tries below, above, then beside
    expect(layout(VEHICLE_ICONS)['icon-ignore-placement']).toBe(true);
    expect(layout(VEHICLE_LABELS)['text-variable-anchor']).toEqual(['top', 'bottom', 'right', 'left']);
  });
});
