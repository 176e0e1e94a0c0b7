import { describe, expect, it } from 'vitest';
import { hasPermission, hasPermissionUnder, permissionCovers, userLimitFor } from './permissions';

describe('permissions', () => {
  it('matches by prefix at dot boundaries', () => {
    expect(permissionCovers('reports', 'reports.trips')).toBe(true);
    expect(permissionCovers('reports.trips', 'reports.trips')).toBe(true);
    expect(permissionCovers('reports.trip', 'reports.trips')).toBe(false);
    expect(permissionCovers('settings.users', 'settings')).toBe(false);
    expect(permissionCovers('reports.km', 'reports')).toBe(false);
    expect(permissionCovers('', 'reports')).toBe(false);
    expect(permissionCovers('settings.users', 'settings.devices')).toBe(false);
  });
  it('gives administrators everything and others only their list', () => {
    expect(hasPermission({ administrator: true }, 'settings.users')).toBe(true);
    const u = { attributes: { permissions: ['map.online', 'settings.devices'] } };
    expect(hasPermission(u, 'map.online')).toBe(true);
    expect(hasPermission(u, 'settings.devices')).toBe(true);
    expect(hasPermission(u, 'settings.users')).toBe(false);
    expect(hasPermission({ attributes: {} }, 'map.online')).toBe(false);
  });
  it('grants from the held string downwards only', () => {
    const km = { attributes: { permissions: ['reports.km'] } };
    expect(hasPermission(km, 'reports.km')).toBe(true);
    expect(hasPermission(km, 'reports')).toBe(false);
    expect(hasPermission(km, 'reports.trips')).toBe(false);
    expect(hasPermission({ attributes: { permissions: ['reports'] } }, 'reports.km')).toBe(true);
  });
  it('tells whether any item of an area is held', () => {
    const u = { attributes: { permissions: ['settings.devices'] } };
    expect(hasPermissionUnder(u, 'settings')).toBe(true);
    expect(hasPermissionUnder(u, 'reports')).toBe(false);
    expect(hasPermissionUnder({ attributes: { permissions: ['settings'] } }, 'settings')).toBe(true);
    expect(hasPermissionUnder({ attributes: { permissions: ['settingsx'] } }, 'settings')).toBe(false);
    expect(
      hasPermissionUnder({ email: 'temp_1@x', attributes: { permissions: ['settings'] } }, 'settings'),
    ).toBe(false);
  });
  it('limits temp_ users to the map and allowed history', () => {
    const t = { email: 'temp_abc@x', attributes: { permissions: ['settings.users'] } };
    expect(hasPermission(t, 'map.online')).toBe(true);
    expect(hasPermission(t, 'map.history')).toBe(false);
    expect(hasPermission(t, 'settings.users')).toBe(false);
    expect(hasPermission({ ...t, attributes: { allowHistory: true } }, 'map.history')).toBe(true);
  });
  it('sets userLimit 100 only with settings.users', () => {
    expect(userLimitFor(['settings.users'])).toBe(100);
    expect(userLimitFor(['settings.devices'])).toBe(0);
  });
});
