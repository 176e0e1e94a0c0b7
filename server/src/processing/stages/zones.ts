/** Zones the vehicle is inside (`geofenceIds`), and which it entered or left since the last record. */
import type { DeviceState } from '../deviceState';
import type { ProcessedPosition } from '../types';
import type { ZoneIndex } from '../zoneIndex';

export interface ZoneChange {
  inside: number[];
  entered: number[];
  exited: number[];
}

export function applyZones(state: DeviceState, p: ProcessedPosition, index: ZoneIndex): ZoneChange {
  const before = state.geofenceIds;
  if (!p.valid) {
    p.attributes.geofenceIds = before;
    return { inside: before, entered: [], exited: [] };
  }
  const inside = index.inside(p, index.zonesFor(state.id, state.groupId));
  if (inside.length) p.attributes.geofenceIds = inside;
  // (a delete only when there is one: it would make the attributes a slow dictionary)
  else if (p.attributes.geofenceIds !== undefined) delete p.attributes.geofenceIds;
  return {
    inside,
    entered: inside.filter((id) => !before.includes(id)),
    exited: before.filter((id) => !inside.includes(id)),
  };
}
