/**
 * Zones by their shapes: an rbush index over their bounds first, the exact geometry test second. The one
 * spatial index of the pipeline's zones (zoneIndex.ts) and the reports' (track/zoneSet.ts).
 */
import RBush from 'rbush';
import { areaBounds, pointInArea, type Area } from '@frota/core';

export interface Shaped {
  id: number;
  area: Area;
  /** metres either side of a line zone */
  polylineDistance?: number;
}

interface Entry<T> {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  zone: T;
}

export class ShapeIndex<T extends Shaped> {
  private readonly tree = new RBush<Entry<T>>();

  constructor(zones: readonly T[]) {
    this.tree.load(zones.map((zone) => ({ ...areaBounds(zone.area, zone.polylineDistance), zone })));
  }

  /** The zones the point is inside (those `keep` accepts), by ascending id. */
  inside(latitude: number, longitude: number, keep?: (zone: T) => boolean): T[] {
    return this.tree
      .search({ minX: longitude, minY: latitude, maxX: longitude, maxY: latitude })
      .filter(
        (e) =>
          (!keep || keep(e.zone)) &&
          pointInArea({ latitude, longitude }, e.zone.area, e.zone.polylineDistance),
      )
      .map((e) => e.zone)
      .sort((a, b) => a.id - b.id);
  }
}
