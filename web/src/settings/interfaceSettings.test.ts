import { describe, expect, it } from 'vitest';
import { interfacePatch, MAP_TOGGLES, toggleShown } from './interfaceSettings';

describe('interface settings', () => {
  it('sends only the map toggles and the sound, not the cached user', () => {
    const user = {
      id: 3,
      name: 'Antigo',
      attributes: { map_showGeofences: false, notification_sound: 'bell', permissions: ['map'], phone: '1' },
    };
    expect(interfacePatch(user)).toEqual({
      attributes: { map_showGeofences: false, notification_sound: 'bell' },
    });
  });

  it('shows each switch as the map applies it: a setting never changed at its default', () => {
    const fresh = { email: 'gestor@x', attributes: {} };
    expect(MAP_TOGGLES.filter((key) => toggleShown(fresh, key))).toEqual([
      'map_showVehicleNames',
      'map_showGeofences',
      'map_showGeofenceNames',
    ]);
    const changed = {
      email: 'gestor@x',
      attributes: { map_showVehicleNames: false, map_groupVehicles: 'true' },
    };
    expect(toggleShown(changed, 'map_showVehicleNames')).toBe(false);
    expect(toggleShown(changed, 'map_groupVehicles')).toBe(true);
    // an untouched grouping switch shows on on a phone, where the map groups by default
    expect(toggleShown({ email: 'a@x', attributes: {} }, 'map_groupVehicles', true)).toBe(true);
    expect(toggleShown({ email: 'a@x', attributes: {} }, 'map_groupVehicles')).toBe(false);
    // zone names go with the zones
    expect(
      toggleShown({ email: 'gestor@x', attributes: { map_showGeofences: 0 } }, 'map_showGeofenceNames'),
    ).toBe(false);
  });
});
