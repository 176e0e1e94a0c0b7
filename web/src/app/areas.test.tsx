/**
 * The areas' manifests (issue 35): the list is consistent, and an area plugs in by its manifest alone: added
 * to a list, its routes reach the router, its entries the menu and the permission panel, its live refreshes
 * the live updates and its dialogs the vehicle popup.
 */
import { Suspense, lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { Device, User } from '../api/types';
import { popupOptions } from '../live/popupOptions';
import { routesOf, vehicleDialogOf, type AreaManifest } from '../session/areas';
import { buildMenu, menuOf } from '../session/permissions';
import { appRoute, SECTIONS } from '../session/routes';
import { permissionGroups } from '../settings/permissionTree';
import { AREAS, ROUTES } from './areas';
import { LiveRefresher } from './liveRefresh';
import { areaScreens } from './pages';

afterEach(cleanup);

const admin: User = { id: 1, name: 'Ana', email: 'ana@x.test', administrator: true, attributes: {} };

/** A tiny area: a list in the modules section between the alert central and the refills, and its form. */
const EXAMPLE: AreaManifest = {
  id: 'example',
  routes: [
    appRoute('/example', 'module.example', 'modules', 'example.title', { menu: 15 }),
    appRoute('/example/:id?', 'module.example', 'modules', 'example.form'),
  ],
  pages: () => Promise.resolve({ '/example': () => <p data-testid="example-page">example</p> }),
  live: [{ kinds: ['exampleNews'], queryKey: ['example'], when: 'now' }],
  vehicleDialogs: [
    {
      id: 'cameras',
      path: '/example/:id?',
      Dialog: lazy(() => Promise.resolve({ default: () => <p>dialog</p> })),
    },
  ],
  flags: [{ section: 'modules', permission: 'module.example_export', title: 'example.export' }],
};

describe('the list of areas', () => {
  it('names each area once, and each route path once', () => {
    const ids = AREAS.map((area) => area.id);
    expect(new Set(ids).size).toBe(ids.length);
    const paths = ROUTES.map((route) => route.path);
    expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);
  });

  it('gives every menu entry a list route (no parameter) in a known section, at its own place', () => {
    const entries = ROUTES.filter((route) => route.menu !== undefined);
    expect(entries.length).toBeGreaterThan(50);
    for (const route of entries) {
      expect(route.path, route.path).not.toContain(':');
      expect(SECTIONS).toContain(route.section);
      expect(route.menu, route.path).toBeGreaterThanOrEqual(1);
    }
    for (const section of menuOf(ROUTES)) {
      const places = section.items.map((route) => route.menu);
      expect(new Set(places).size, section.id).toBe(places.length);
    }
  });

  it("finds every route's screen in its area's page table", async () => {
    for (const area of AREAS) {
      const table = await area.pages();
      expect(Object.keys(table).sort(), area.id).toEqual(area.routes.map((route) => route.path).sort());
    }
  }, 60_000);

  it("lends the camera dialog to the live map's popup", () => {
    expect(vehicleDialogOf(AREAS, 'cameras')?.path).toBe('/settings/camera_images/:id?');
    const equipped: Device = { id: 2, name: 'W', uniqueId: '2', attributes: { has_camera: 1 } };
    expect(popupOptions(admin, equipped, AREAS)).toContain('cameras');
    // without the cameras area, the entry is not offered
    const without = AREAS.filter((area) => area.id !== 'cameras');
    expect(popupOptions(admin, equipped, without)).not.toContain('cameras');
    // whichever area lends it
    expect(popupOptions(admin, equipped, [...without, EXAMPLE])).toContain('cameras');
  });
});

describe('the live refreshes of the areas', () => {
  it('refetch refills and camera media at once, tacho drivers and alert pages once at the flush', () => {
    const invalidate = vi.fn();
    const refresher = new LiveRefresher(AREAS, invalidate);
    refresher.arrived({ changed: [{ kind: 'refills', id: 1, deviceId: 2 }] });
    refresher.arrived({ changed: [{ kind: 'cameraMedia', id: 1, deviceId: 2 }] });
    expect(invalidate.mock.calls).toEqual([[['refills']], [['cameras']]]);
    invalidate.mockClear();
    refresher.arrived({ changed: [{ kind: 'tachoDrivers', id: 'a', deviceId: 2 }] });
    refresher.arrived({ changed: [{ kind: 'tachoDrivers', id: 'b', deviceId: 2 }] });
    refresher.arrived({ changed: [{ kind: 'somethingElse', id: 3, deviceId: 2 }] });
    refresher.arrived({ eventStatuses: [] });
    refresher.arrived({ positions: [] });
    expect(invalidate).not.toHaveBeenCalled();
    refresher.flushed();
    expect(invalidate.mock.calls).toEqual([[['tachoDrivers']]]);
    invalidate.mockClear();
    refresher.flushed();
    expect(invalidate).not.toHaveBeenCalled();
    refresher.arrived({
      eventStatuses: [{ eventId: 1, deviceId: 2, status: 1, user: null, details: null, date: '' }],
    });
    refresher.flushed();
    expect(invalidate.mock.calls).toEqual([[['alertEvents']]]);
  });
});

describe('an area plugs in by its manifest', () => {
  const list = [...AREAS, EXAMPLE];

  it('reaches the router: its screen loads with its area, its other routes show the placeholder', async () => {
    const { screenFor } = areaScreens(list);
    expect(areaScreens(AREAS).screenFor('/example')).toBeNull();
    const [listRoute, formRoute] = EXAMPLE.routes;
    const List = screenFor('/example')!;
    const Form = screenFor('/example/:id?')!;
    expect(screenFor('/example')).toBe(List);
    render(
      <Suspense fallback={null}>
        <List route={listRoute} />
        <Form route={formRoute} />
      </Suspense>,
    );
    expect((await screen.findByTestId('example-page')).textContent).toBe('example');
    expect(screen.getByTestId('placeholder-page').getAttribute('data-path')).toBe('/example/:id?');
  });

  it('reaches the menu at its place, the permission panel and the route gate', () => {
    const modules = buildMenu(routesOf(list), admin).find((section) => section.id === 'modules')!;
    expect(modules.items.map((route) => route.path)).toEqual([
      '/events',
      '/example',
      '/refills',
      '/settings/cameras',
    ]);
    const holder: User = { ...admin, administrator: false, attributes: { permissions: ['module.example'] } };
    expect(buildMenu(routesOf(list), holder).flatMap((s) => s.items.map((i) => i.path))).toEqual([
      '/example',
    ]);
    const panel = permissionGroups(list).find((group) => group.id === 'modules')!;
    expect(panel.items.map((item) => item.permission)).toEqual([
      'module.events',
      'module.example',
      'module.refills',
      'module.cameras',
      'module.example_export',
    ]);
  });

  it('reaches the live updates', () => {
    const invalidate = vi.fn();
    new LiveRefresher(list, invalidate).arrived({ exampleNews: [1] } as never);
    expect(invalidate).toHaveBeenCalledWith(['example']);
  });
});
