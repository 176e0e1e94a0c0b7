/** The zones a report tests positions against: an rbush index over bounds, exact geometry second. */
import RBush from 'rbush';
import { areaBounds, knotsToKmh, numberAttr, parseArea, pointInArea, type Area } from '@frota/core';

export interface ReportZone {
  id: number;
  name: string;
  area: Area;
  polylineDistance?: number;
  /** km/h, when the zone has a speed limit */
  speedLimit?: number;
}

interface Entry {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  zone: ReportZone;
}

export function toReportZone(row: {
  id: number;
  name: string;
  area: string;
  attributes: Record<string, unknown>;
}): ReportZone | undefined {
  let area: Area;
  try {
    area = parseArea(row.area);
  } catch {
    return undefined;
  }
  const limit = numberAttr(row.attributes.speedLimit);
  return {
    id: row.id,
    name: row.name,
    area,
    polylineDistance: numberAttr(row.attributes.polylineDistance),
    speedLimit: limit && limit > 0 ? knotsToKmh(limit) : undefined,
  };
}

export class ZoneSet {
  private readonly tree = new RBush<Entry>();
  readonly list: ReportZone[];

  constructor(zones: ReportZone[]) {
    this.list = zones;
    this.tree.load(zones.map((zone) => ({ ...areaBounds(zone.area, zone.polylineDistance), zone })));
  }

  get size(): number {
    return this.list.length;
  }

  inside(latitude: number, longitude: number): ReportZone[] {
    if (!this.list.length) return [];
    return this.tree
      .search({ minX: longitude, minY: latitude, maxX: longitude, maxY: latitude })
      .filter((e) => pointInArea({ latitude, longitude }, e.zone.area, e.zone.polylineDistance))
      .map((e) => e.zone)
      .sort((a, b) => a.id - b.id);
  }
}
