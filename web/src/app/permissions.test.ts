import { describe, expect, it } from 'vitest';
import type { User } from '../api/types';
import {
  buildMenu,
  canOpenRoute,
  firstMenuPath,
  hasPermission,
  isTemporaryUser,
  permissionMatches,
} from './permissions';
import { ROUTES } from './routes';

const user = (extra: Partial<User> = {}, permissions?: string[]): User => ({
  id: 7,
  name: 'Ana',
  email: 'ana@example.com',
  attributes: permissions ? { permissions } : {},
  ...extra,
});

const route = (path: string) => {
  const found = ROUTES.find((r) => r.path === path);
  if (!found) throw new Error(path);
  return found;
};

const menuPaths = (u: User | null, beta = false) =>
  buildMenu(u, beta).flatMap((s) => s.items.map((i) => i.path));

describe('permissionMatches', () => {
  it('matches equal strings and prefixes on dot boundaries', () => {
    expect(permissionMatches('reports.trips', 'reports.trips')).toBe(true);
    expect(permissionMatches('reports', 'reports.trips')).toBe(true);
    expect(permissionMatches('reports.trips.export', 'reports.trips')).toBe(true);
    expect(permissionMatches('reports.trip', 'reports.trips')).toBe(false);
    expect(permissionMatches('settings.users', 'settings.user')).toBe(false);
    expect(permissionMatches('map', 'management.summary')).toBe(false);
  });
});

describe('hasPermission', () => {
  it('refuses nobody logged in and users without the permission', () => {
    expect(hasPermission(null, 'map.online')).toBe(false);
    expect(hasPermission(user({}, ['reports.trips']), 'map.online')).toBe(false);
    expect(hasPermission(user(), 'map.online')).toBe(false);
  });

  it('grants administrators everything', () => {
    expect(hasPermission(user({ administrator: true }), 'custom_reports.rag')).toBe(true);
  });

  it('gives temporary users the map, and history only with allowHistory', () => {
    const temp = user({ email: 'temp_abc@x', attributes: { permissions: ['settings.users'] } });
    expect(isTemporaryUser(temp)).toBe(true);
    expect(hasPermission(temp, 'map.online')).toBe(true);
    expect(hasPermission(temp, 'map.history')).toBe(false);
    expect(hasPermission(temp, 'settings.users')).toBe(false);
    expect(hasPermission({ ...temp, attributes: { allowHistory: true } }, 'map.history')).toBe(true);
  });

  it('ignores a permissions attribute that is not a list', () => {
    expect(
      hasPermission(user({ attributes: { permissions: 'map.online' as unknown as string[] } }), 'map.online'),
    ).toBe(false);
  });
});

describe('canOpenRoute', () => {
  it('lets anyone but temporary users open their own profile', () => {
    const profile = route('/settings/user/:id?');
    expect(canOpenRoute(user(), profile, { params: { id: '7' } })).toBe(true);
    expect(canOpenRoute(user(), profile, { params: { id: '8' } })).toBe(false);
    expect(canOpenRoute(user(), profile, { params: {} })).toBe(false);
    expect(canOpenRoute(user({}, ['settings.users']), profile, { params: { id: '8' } })).toBe(true);
    expect(canOpenRoute(user({ email: 'temp_x' }), profile, { params: { id: '7' } })).toBe(false);
  });

  it('opens beta routes only in beta mode', () => {
    const dashboard = route('/dashboard');
    expect(canOpenRoute(user({}, ['map.dashboard']), dashboard)).toBe(false);
    expect(canOpenRoute(user({}, ['map.dashboard']), dashboard, { beta: true })).toBe(true);
  });

  it('gates the block report by reports.alerts', () => {
    expect(canOpenRoute(user({}, ['reports.alerts']), route('/report/block'))).toBe(true);
    expect(canOpenRoute(user({}, ['reports.trips']), route('/report/block'))).toBe(false);
  });

  it('opens routes without a permission to every logged-in user but temporary ones', () => {
    expect(canOpenRoute(user(), route('/settings/interface/:id?'))).toBe(true);
    expect(canOpenRoute(user({ email: 'temp_1' }), route('/settings/interface/:id?'))).toBe(false);
  });
});

describe('buildMenu', () => {
  it('has exactly one entry per granted list screen', () => {
    expect(menuPaths(user({}, ['settings.users', 'reports.trips']))).toEqual([
      '/report/trips',
      '/settings/users',
    ]);
  });

  it('groups entries by section in menu order and leaves out empty sections', () => {
    const sections = buildMenu(user({}, ['settings', 'map.online', 'management.summary']));
    expect(sections.map((s) => s.id)).toEqual(['map', 'management', 'settings']);
    expect(sections[2].items.map((i) => i.path)).toEqual([
      '/settings/notifications',
      '/settings/devices',
      '/settings/groups',
      '/settings/drivers',
      '/settings/geofences',
      '/settings/users',
      '/settings/temporary_links',
    ]);
  });

  it('shows temporary users the map, plus history with allowHistory', () => {
    expect(menuPaths(user({ email: 'temp_1' }))).toEqual(['/']);
    expect(menuPaths(user({ email: 'temp_1', attributes: { allowHistory: true } }))).toEqual([
      '/',
      '/replay',
    ]);
  });

  it('gives administrators every menu entry, the beta ones only in beta mode', () => {
    const admin = user({ administrator: true });
    const all = ROUTES.filter((r) => r.menu).map((r) => r.path);
    expect(menuPaths(admin, true).sort()).toEqual([...all].sort());
    expect(menuPaths(admin)).not.toContain('/dashboard');
    expect(menuPaths(admin)).toHaveLength(all.length - 1);
  });

  it('never lists edit screens', () => {
    expect(menuPaths(user({ administrator: true }), true).some((p) => p.includes(':'))).toBe(false);
  });
});

describe('firstMenuPath', () => {
  it('is the first enabled entry, or null without any', () => {
    expect(firstMenuPath(user({}, ['settings.users', 'reports.trips']))).toBe('/report/trips');
    expect(firstMenuPath(user({ administrator: true }))).toBe('/');
    expect(firstMenuPath(user())).toBeNull();
    expect(firstMenuPath(null)).toBeNull();
  });
});
