import type { Geofence } from '../api/types';

/** Sub-tabs of the zones tab: points (CIRCLE), areas (POLYGON), corridors (LINESTRING). */
export type ZoneType = 'circle' | 'polygon' | 'line';
export const ZONE_TYPES: readonly ZoneType[] = ['circle', 'polygon', 'line'];

/** The type by the area's keyword, without parsing the coordinates (a malformed zone still lists). */
export function zoneType(area: string | null | undefined): ZoneType | undefined {
  const keyword = /^\s*([A-Za-z]+)/.exec(area ?? '')?.[1]?.toUpperCase();
  if (keyword === 'CIRCLE') return 'circle';
  if (keyword === 'POLYGON') return 'polygon';
  if (keyword === 'LINESTRING') return 'line';
  return undefined;
}

export function countZonesByType(zones: readonly Geofence[]): Record<ZoneType, number> {
  const counts: Record<ZoneType, number> = { circle: 0, polygon: 0, line: 0 };
  for (const zone of zones) {
    const type = zoneType(zone.area);
    if (type) counts[type] += 1;
  }
  return counts;
}

/** One sub-tab's rows, by name. */
export function zonesOfType(zones: readonly Geofence[], type: ZoneType): Geofence[] {
  return zones
    .filter((zone) => zoneType(zone.area) === type)
    .sort((a, b) => a.name.localeCompare(b.name, 'pt', { sensitivity: 'base', numeric: true }));
}
