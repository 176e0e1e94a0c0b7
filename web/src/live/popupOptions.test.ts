import { describe, expect, it } from 'vitest';
import { AREAS } from '../app/areas';
import type { User } from '../api/types';
import { popupOptions } from './popupOptions';
import { device } from './testFleet';

const user = (extra: Partial<User> = {}, permissions: string[] = ['map.online']): User => ({
  id: 1,
  name: 'U',
  email: 'u@x.test',
  attributes: { permissions },
  ...extra,
});

const plain = device(1, 'V');
const equipped = device(2, 'W', { attributes: { has_immobilization: 1, has_camera: 1 } });

describe('popup options (document 1 §6)', () => {
  it('gives an administrator every entry of an equipped vehicle, in order', () => {
    expect(popupOptions(user({ administrator: true }), equipped, AREAS)).toEqual([
      'edit',
      'history',
      'follow',
      'refills',
      'maintenances',
      'cameras',
      'block',
      'accumulators',
    ]);
  });

  it('offers only what the permissions open', () => {
    expect(popupOptions(user(), equipped, AREAS)).toEqual(['follow']);
    expect(
      popupOptions(
        user({}, ['map.online', 'map.history', 'settings.devices', 'module.cameras', 'global.block']),
        equipped,
        AREAS,
      ),
    ).toEqual(['edit', 'history', 'follow', 'cameras', 'block']);
  });

  it('needs the immobiliser and the camera on the vehicle', () => {
    expect(popupOptions(user({}, ['map.online', 'module.cameras', 'global.block']), plain, AREAS)).toEqual([
      'follow',
    ]);
  });

  it('offers the km correction to managers (userLimit not 0) only', () => {
    expect(popupOptions(user({ userLimit: 100 }), plain, AREAS)).toEqual(['follow', 'accumulators']);
    expect(popupOptions(user({ userLimit: 0 }), plain, AREAS)).toEqual(['follow']);
  });

  it('refuses edit, block and km correction to read-only users', () => {
    expect(
      popupOptions(
        user({ readonly: true, userLimit: 100 }, ['map.online', 'settings.devices', 'global.block']),
        equipped,
        AREAS,
      ),
    ).toEqual(['follow']);
  });

  it('gives temporary users no Options at all, and demo vehicles only Follow', () => {
    expect(popupOptions(user({ email: 'temp_abc@x.test' }), equipped, AREAS)).toEqual([]);
    expect(popupOptions(user({ administrator: true }), equipped, AREAS, true)).toEqual(['follow']);
  });
});
