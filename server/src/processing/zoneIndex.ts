/**
 * The zones every device is tested against: an rbush index over zone bounds (spatial index first, exact
 * geometry second), plus which zones apply to which device (linked directly, or to its group and parents).
 */
import { corridorDistance, parseArea, type Area, type GeoPoint } from '@frota/core';
import { ShapeIndex } from './shapeIndex';
import type { Db } from '../db/database';
import { parseJson } from '../db/mapping';
import { numberAttr } from './deviceState';

export interface Zone {
  id: number;
  name: string;
  area: Area;
  polylineDistance?: number;
  /** knots */
  speedLimit?: number;
}

export class ZoneIndex {
  private shapes = new ShapeIndex<Zone>([]);
  private byDevice = new Map<number, Set<number>>();
  private byGroup = new Map<number, Set<number>>();
  private parents = new Map<number, number | null>();
  readonly zones = new Map<number, Zone>();
  /** A zone by id (one bound function for the detectors, not a closure per record). */
  readonly zoneById = (id: number): Zone | undefined => this.zones.get(id);

  static async load(db: Db): Promise<ZoneIndex> {
    const index = new ZoneIndex();
    const k = db.kysely;
    const [zones, deviceLinks, groupLinks, groups] = await Promise.all([
      k.selectFrom('geofences').select(['id', 'name', 'area', 'attributes']).execute(),
      k.selectFrom('deviceGeofence').select(['deviceId', 'geofenceId']).execute(),
      k.selectFrom('groupGeofence').select(['groupId', 'geofenceId']).execute(),
      k.selectFrom('groups').select(['id', 'groupId']).execute(),
    ]);
    for (const row of zones) {
      let area: Area;
      try {
        area = parseArea(row.area);
      } catch {
        continue; // a zone with an unreadable area cannot be tested
      }
      const attrs = parseJson(row.attributes);
      const zone: Zone = {
        id: Number(row.id),
        name: row.name,
        area,
        polylineDistance: area.type === 'linestring' ? corridorDistance(attrs.polylineDistance) : undefined,
        speedLimit: numberAttr(attrs.speedLimit) || undefined,
      };
      index.zones.set(zone.id, zone);
    }
    index.shapes = new ShapeIndex([...index.zones.values()]);
    for (const l of deviceLinks) add(index.byDevice, Number(l.deviceId), Number(l.geofenceId));
    for (const l of groupLinks) add(index.byGroup, Number(l.groupId), Number(l.geofenceId));
    for (const g of groups) index.parents.set(Number(g.id), g.groupId == null ? null : Number(g.groupId));
    return index;
  }

  /** per device (and the group it was asked for): the zones that apply, worked out once per index */
  private applicable = new Map<number, { groupId: number | null; zones: ReadonlySet<number> }>();

  /**
   * Zone ids that apply to a device: its own links and those of its group and every parent group. Asked
   * for every record, so kept per device; the index is rebuilt whenever zones, links or groups change.
   */
  zonesFor(deviceId: number, groupId: number | null): ReadonlySet<number> {
    const known = this.applicable.get(deviceId);
    if (known && known.groupId === groupId) return known.zones;
    const zones = this.linkedZones(deviceId, groupId);
    this.applicable.set(deviceId, { groupId, zones });
    return zones;
  }

  private linkedZones(deviceId: number, groupId: number | null): Set<number> {
    const out = new Set(this.byDevice.get(deviceId) ?? []);
    const seen = new Set<number>();
    for (let g = groupId; g != null && !seen.has(g); g = this.parents.get(g) ?? null) {
      seen.add(g);
      for (const z of this.byGroup.get(g) ?? []) out.add(z);
    }
    return out;
  }

  /** Ids of the applicable zones the point is inside, in ascending order. */
  inside(point: GeoPoint, applicable: ReadonlySet<number>): number[] {
    if (!applicable.size) return [];
    return this.shapes
      .inside(point.latitude, point.longitude, (zone) => applicable.has(zone.id))
      .map((zone) => zone.id);
  }
}

function add(map: Map<number, Set<number>>, key: number, value: number) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}
