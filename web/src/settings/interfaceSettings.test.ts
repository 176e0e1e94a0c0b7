import { describe, expect, it } from 'vitest';
import { interfacePatch } from './interfaceSettings';

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
});
