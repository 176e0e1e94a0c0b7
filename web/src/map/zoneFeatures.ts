import { areaToGeometry, corridorDistance, parseArea, ZONE_DEFAULTS, type Area } from '@frota/core';
import { poiIconAnchor } from './iconModule';

/** What the map needs of a zone (document 1 §3: area WKT, colour, fill, icon, corridor distance). */
export interface MapZone {
  id: number;
  name: string;
  area: string;
  attributes: Record<string, unknown>;
}

export const ZONE_ICON_PREFIX = 'zone:';

const hex = (value: unknown): string => {
  const text = typeof value === 'string' ? value.trim().replace(/^#/, '') : '';
  return `#${/^[0-9a-fA-F]{6}$/.test(text) ? text : ZONE_DEFAULTS.color}`;
};

const parsed = (area: string): Area | undefined => {
  try {
    return parseArea(area);
  } catch {
    return undefined;
  }
};

const filled = (value: unknown): boolean =>
  value === undefined || value === true || value === 'true' || value === 1;

/**
 * Features of the zones: each area's shape (circles as polygons) carrying colour, fill and name, plus a
 * point at each circle's centre for its icon. Zones whose area cannot be read are left out.
 */
export function zoneFeatures(zones: readonly MapZone[]): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = [];
  for (const zone of zones) {
    const area = parsed(zone.area);
    if (!area) continue;
    const base = { id: zone.id, name: zone.name, color: hex(zone.attributes.color), kind: area.type };
    if (area.type === 'linestring') {
      features.push({
        type: 'Feature',
        properties: {
          ...base,
          width: Math.min(12, Math.max(3, corridorDistance(zone.attributes.polylineDistance) / 5)),
        },
        geometry: areaToGeometry(area),
      });
      continue;
    }
    features.push({
      type: 'Feature',
      properties: { ...base, fill: area.type === 'circle' || filled(zone.attributes.fill) },
      geometry: areaToGeometry(area),
    });
    if (area.type === 'circle') {
      const icon =
        typeof zone.attributes.icon === 'string' && zone.attributes.icon
          ? zone.attributes.icon
          : ZONE_DEFAULTS.icon;
      features.push({
        type: 'Feature',
        properties: {
          ...base,
          kind: 'centre',
          icon: `${ZONE_ICON_PREFIX}${icon}`,
          anchor: poiIconAnchor(icon),
        },
        geometry: { type: 'Point', coordinates: [area.center.longitude, area.center.latitude] },
      });
    }
  }
  return { type: 'FeatureCollection', features };
}
