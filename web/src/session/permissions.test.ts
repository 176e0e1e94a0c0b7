import { describe, expect, it } from 'vitest';
import type { Device, User } from '../api/types';
import {
  buildMenu,
  canOpenRoute,
  firstMenuPath,
  hasPermission,
  isTemporaryUser,
  permissionMatches,
} from './permissions';
import { ROUTES } from '../app/areas';

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
  buildMenu(ROUTES, u, beta).flatMap((s) => s.items.map((i) => i.path));

describe('permissionMatches', () => {
  it('matches equal strings and prefixes on dot boundaries', () => {
    expect(permissionMatches('reports.trips', 'reports.trips')).toBe(true);
    expect(permissionMatches('reports', 'reports.trips')).toBe(true);
    expect(permissionMatches('reports.trips.export', 'reports.trips')).toBe(false);
    expect(permissionMatches('reports.km', 'reports')).toBe(false);
    expect(permissionMatches('reports.trip', 'reports.trips')).toBe(false);
    expect(permissionMatches('settings.users', 'settings.user')).toBe(false);
    expect(permissionMatches('map', 'management.summary')).toBe(false);
  });
});

describe('hasPermission', () => {
  it('never grants a whole area to the holder of one item in it', () => {
    const km = user({}, ['reports.km']);
    expect(hasPermission(km, 'reports.km')).toBe(true);
    expect(hasPermission(km, 'reports')).toBe(false);
    expect(hasPermission(km, 'reports.trips')).toBe(false);
    expect(hasPermission(km, 'map.history')).toBe(false);
    expect(menuPaths(km)).toEqual(['/report/km']);
  });

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

  it('reads a permissions text as the server does (comma separated), and nothing else', () => {
    const text = (permissions: unknown) => user({ attributes: { permissions: permissions as string[] } });
    expect(hasPermission(text('map.online, reports.km'), 'reports.km')).toBe(true);
    expect(hasPermission(text('map.online'), 'map.history')).toBe(false);
    expect(hasPermission(text(42), 'map.online')).toBe(false);
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
    const betaRoute = { ...route('/dashboard'), beta: true };
    expect(canOpenRoute(user({}, ['map.dashboard']), betaRoute)).toBe(false);
    expect(canOpenRoute(user({}, ['map.dashboard']), betaRoute, { beta: true })).toBe(true);
  });

  it('opens the dashboard with map.dashboard, outside beta mode (issue 16)', () => {
    const dashboard = route('/dashboard');
    expect(canOpenRoute(user({}, ['map.dashboard']), dashboard)).toBe(true);
    expect(canOpenRoute(user({}, ['map']), dashboard)).toBe(true);
    expect(canOpenRoute(user({}, ['map.online', 'map.history']), dashboard)).toBe(false);
    expect(menuPaths(user({}, ['map.online', 'map.dashboard']))).toEqual(['/', '/dashboard']);
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

describe('eco driving and rag entries (document 2 §2.1, both readings)', () => {
  const analyst = user({}, ['custom_reports.eco_driving', 'custom_reports.rag', 'custom_reports.group_km']);
  const device = (extra: Partial<Device>): Device =>
    ({ id: 1, name: 'V', uniqueId: '1', attributes: {}, ...extra }) as Device;
  const custom = (devices?: Device[]) =>
    buildMenu(ROUTES, analyst, false, devices)
      .flatMap((s) => s.items)
      .map((i) => i.path);

  it('hides both without a vehicle that offers them, whatever the permission', () => {
    expect(custom([])).toEqual(['/report/group_km']);
    expect(custom(undefined)).toEqual(['/report/group_km']);
    expect(custom([device({ attributes: { has_canbus: true } })])).toEqual(['/report/group_km']);
  });
  it('offers eco driving with canbus and its flag, rag with canbus and the RAG flag', () => {
    expect(custom([device({ attributes: { has_canbus: true, has_eco_driving: true } })])).toEqual([
      '/report/eco_driving',
      '/report/group_km',
    ]);
    expect(custom([device({ attributes: { has_canbus: 1, has_rag: 1 } })])).toEqual([
      '/report/rag',
      '/report/group_km',
    ]);
  });
  it('offers both when a vehicle phone starts with 213', () => {
    const devices = [device({ phone: '213000111' })];
    expect(custom(devices)).toEqual(['/report/eco_driving', '/report/rag', '/report/group_km']);
    expect(canOpenRoute(analyst, route('/report/rag'), { devices })).toBe(true);
    expect(canOpenRoute(analyst, route('/report/rag'), { devices: [device({ phone: '912' })] })).toBe(false);
    expect(canOpenRoute(user({}, ['custom_reports.group_km']), route('/report/rag'), { devices })).toBe(
      false,
    );
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
    const sections = buildMenu(ROUTES, user({}, ['settings', 'map.online', 'management.summary']));
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
    const betaPaths = ROUTES.filter((r) => r.menu && r.beta).map((r) => r.path);
    const fleet = [{ id: 1, name: 'V', uniqueId: '1', phone: '2130', attributes: {} } as Device];
    const paths = (beta = false) =>
      buildMenu(ROUTES, admin, beta, fleet).flatMap((s) => s.items.map((i) => i.path));
    expect(paths(true).sort()).toEqual([...all].sort());
    expect(paths().sort()).toEqual(all.filter((path) => !betaPaths.includes(path)).sort());
    expect(paths()).toContain('/dashboard');
    // without a vehicle that offers them, eco driving and rag are not offered even to administrators
    expect(menuPaths(admin, true)).toHaveLength(all.length - 2);
  });

  it('never lists edit screens', () => {
    expect(menuPaths(user({ administrator: true }), true).some((p) => p.includes(':'))).toBe(false);
  });
});

describe('firstMenuPath', () => {
  it('is the first enabled entry, or null without any', () => {
    expect(firstMenuPath(ROUTES, user({}, ['settings.users', 'reports.trips']))).toBe('/report/trips');
    expect(firstMenuPath(ROUTES, user({ administrator: true }))).toBe('/');
    expect(firstMenuPath(ROUTES, user())).toBeNull();
    expect(firstMenuPath(ROUTES, null)).toBeNull();
  });
});

describe('refill screens under management', () => {
  it('open with the refill module alone, with management, and not with neither', () => {
    const form = route('/management/refill/:id?');
    const list = route('/management/refills/:id?');
    for (const screen of [form, list]) {
      expect(canOpenRoute(user({}, ['module.refills']), screen)).toBe(true);
      expect(canOpenRoute(user({}, ['management.summary']), screen)).toBe(true);
      expect(canOpenRoute(user({}, ['module.events']), screen)).toBe(false);
    }
    expect(canOpenRoute(user({}, ['module.refills']), route('/management/cost/:id?'))).toBe(false);
  });
});
