/** The zones a report tests positions against (processing/shapeIndex.ts: bounds first, exact geometry second). */
import { knotsToKmh, numberAttr, parseArea, type Area } from '@frota/core';
import { ShapeIndex } from '../processing/shapeIndex';

export interface ReportZone {
  id: number;
  name: string;
  area: Area;
  polylineDistance?: number;
  /** km/h, when the zone has a speed limit */
  speedLimit?: number;
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
  private readonly shapes: ShapeIndex<ReportZone>;
  readonly list: ReportZone[];

  constructor(zones: ReportZone[]) {
    this.list = zones;
    this.shapes = new ShapeIndex(zones);
  }

  get size(): number {
    return this.list.length;
  }

  inside(latitude: number, longitude: number): ReportZone[] {
    if (!this.list.length) return [];
    return this.shapes.inside(latitude, longitude);
  }
}
