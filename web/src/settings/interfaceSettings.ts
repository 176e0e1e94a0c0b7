/** The interface settings of one's own user (document 1 §6): map toggles and the notification sound. */
import type { User } from '../api/types';
import { mapSettings, type MapSettings } from '../session/mapSettings';

export const MAP_TOGGLES = [
  'map_showVehicleNames',
  'map_showDriverNames',
  'map_groupVehicles',
  'map_showGeofences',
  'map_showGeofenceNames',
  'map_showTrafficSigns',
] as const;

const EDITED = [...MAP_TOGGLES, 'notification_sound'] as const;

export type MapToggle = (typeof MAP_TOGGLES)[number];

const SETTING_OF: Record<MapToggle, keyof MapSettings> = {
  map_showVehicleNames: 'showVehicleNames',
  map_showDriverNames: 'showDriverNames',
  map_groupVehicles: 'groupVehicles',
  map_showGeofences: 'showGeofences',
  map_showGeofenceNames: 'showGeofenceNames',
  map_showTrafficSigns: 'showTrafficSigns',
};

/**
 * Whether a switch shows on: what the map does for this user, so a setting never changed shows its
 * default (vehicle names, zones and their names on; grouping on a phone) rather than off.
 */
export function toggleShown(
  user: Pick<User, 'email' | 'attributes'>,
  key: MapToggle,
  phone = false,
): boolean {
  return mapSettings(user, phone)[SETTING_OF[key]];
}

/**
 * The change sent with PATCH /api/users/{id}: only the attributes this page edits, so whatever else of the
 * user changed since the page loaded (name, permissions, other attributes) is not reverted (issue 33).
 */
export function interfacePatch(user: Pick<User, 'attributes'>): Pick<User, 'attributes'> {
  const attributes = Object.fromEntries(
    EDITED.filter((key) => user.attributes[key] !== undefined).map((key) => [key, user.attributes[key]]),
  );
  return { attributes };
}
