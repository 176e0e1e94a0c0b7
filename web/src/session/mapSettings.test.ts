import { describe, expect, it } from 'vitest';
import { mapSettings } from './mapSettings';

describe('map settings from the user attributes', () => {
  it('reads the switches, with defaults for a user who never set them', () => {
    expect(mapSettings({ email: 'a@x', attributes: {} })).toEqual({
      showVehicleNames: true,
      showDriverNames: false,
      groupVehicles: false,
      showGeofences: true,
      showGeofenceNames: true,
      showTrafficSigns: false,
    });
    expect(
      mapSettings({
        email: 'a@x',
        attributes: {
          map_showVehicleNames: false,
          map_groupVehicles: 'true',
          map_showTrafficSigns: true,
          map_showDriverNames: 1,
        },
      }),
    ).toMatchObject({
      showVehicleNames: false,
      groupVehicles: true,
      showTrafficSigns: true,
      showDriverNames: true,
    });
  });

  it("groups a phone's vehicles unless the user chose otherwise, and never a desktop's by default", () => {
    expect(mapSettings({ email: 'a@x', attributes: {} }, true).groupVehicles).toBe(true);
    expect(mapSettings({ email: 'a@x', attributes: {} }, false).groupVehicles).toBe(false);
    expect(mapSettings({ email: 'a@x', attributes: { map_groupVehicles: false } }, true).groupVehicles).toBe(
      false,
    );
    expect(mapSettings({ email: 'a@x', attributes: { map_groupVehicles: true } }, false).groupVehicles).toBe(
      true,
    );
  });

  it('hides zone names with the zones, and always names vehicles for temporary users', () => {
    expect(mapSettings({ email: 'a@x', attributes: { map_showGeofences: false } }).showGeofenceNames).toBe(
      false,
    );
    expect(
      mapSettings({ email: 'temp_1@x', attributes: { map_showVehicleNames: false } }).showVehicleNames,
    ).toBe(true);
  });
});
