import { boolAttr } from '@frota/core';
import type { User } from '../api/types';
import { isTemporaryUser } from './permissions';

/** The map switches of the interface settings (document 1 §3, user attributes map_*). */
export interface MapSettings {
  showVehicleNames: boolean;
  showDriverNames: boolean;
  groupVehicles: boolean;
  showGeofences: boolean;
  showGeofenceNames: boolean;
  showTrafficSigns: boolean;
}

/**
 * What a user who never opened the interface settings sees. Grouping is the one default that depends on the
 * screen: `mapSettings(user, phone)` groups a phone's vehicles (a whole fleet at the fitted zoom is a heap on
 * 390 px) and leaves a desktop's one by one with their names; a user's own choice is kept on both.
 */
export const MAP_SETTING_DEFAULTS: MapSettings = {
  showVehicleNames: true,
  showDriverNames: false,
  groupVehicles: false,
  showGeofences: true,
  showGeofenceNames: true,
  showTrafficSigns: false,
};

const setting = (value: unknown, fallback: boolean): boolean =>
  value === undefined || value === null || value === '' ? fallback : boolAttr(value);

export function mapSettings(user: Pick<User, 'email' | 'attributes'>, phone = false): MapSettings {
  const a = user.attributes ?? {};
  const showGeofences = setting(a.map_showGeofences, MAP_SETTING_DEFAULTS.showGeofences);
  return {
    // Temporary links always name the vehicles they share.
    showVehicleNames:
      isTemporaryUser(user) || setting(a.map_showVehicleNames, MAP_SETTING_DEFAULTS.showVehicleNames),
    showDriverNames: setting(a.map_showDriverNames, MAP_SETTING_DEFAULTS.showDriverNames),
    groupVehicles: setting(a.map_groupVehicles, phone || MAP_SETTING_DEFAULTS.groupVehicles),
    showGeofences,
    // Zone names are a sub-option of showing zones (document 1 §5).
    showGeofenceNames:
      showGeofences && setting(a.map_showGeofenceNames, MAP_SETTING_DEFAULTS.showGeofenceNames),
    showTrafficSigns: setting(a.map_showTrafficSigns, MAP_SETTING_DEFAULTS.showTrafficSigns),
  };
}
