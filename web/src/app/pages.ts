/**
 * Screens by route path. Each area is its own chunk, loaded on the first visit to one of its routes, so the
 * login page and the shell stay light; a route whose area has no screen for it shows its placeholder.
 */
import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { PlaceholderPage } from './PlaceholderPage';
import type { AppRoute } from '../session/routes';

type PageTable = Record<string, ComponentType>;

interface PageArea {
  owns: (path: string) => boolean;
  load: () => Promise<PageTable>;
}

const AREAS: PageArea[] = [
  { owns: (path) => path === '/', load: () => import('../live/pages').then((m) => m.LIVE_PAGES) },
  { owns: (path) => path === '/replay', load: () => import('../replay/pages').then((m) => m.REPLAY_PAGES) },
  {
    owns: (path) => path === '/dashboard',
    load: () => import('../dashboard/pages').then((m) => m.DASHBOARD_PAGES),
  },
  { owns: (path) => path === '/events', load: () => import('../alerts/pages').then((m) => m.ALERT_PAGES) },
  {
    owns: (path) => path === '/tacho_drivers' || path === '/tacho_files',
    load: () => import('../tacho/pages').then((m) => m.TACHO_PAGES),
  },
  {
    owns: (path) =>
      path === '/refills' || path.startsWith('/settings/refill_') || /^\/management\/refills?\//.test(path),
    load: () => import('../refills/pages').then((m) => m.REFILL_PAGES),
  },
  {
    owns: (path) => path.startsWith('/management/'),
    load: () => import('../management/pages').then((m) => m.MANAGEMENT_PAGES),
  },
  {
    owns: (path) => path === '/settings/cameras' || path.startsWith('/settings/camera_images'),
    load: () => import('../cameras/pages').then((m) => m.CAMERA_PAGES),
  },
  {
    owns: (path) => path.startsWith('/settings/passenger'),
    load: () => import('../passengers/pages').then((m) => m.PASSENGER_PAGES),
  },
  {
    owns: (path) => path.startsWith('/report/'),
    load: () => import('../reports/pages').then((m) => m.REPORT_PAGES),
  },
  {
    owns: (path) => path.startsWith('/settings/'),
    load: () => import('../settings/pages').then((m) => m.SETTINGS_PAGES),
  },
];

const areaOf = (path: string): PageArea | undefined => AREAS.find((area) => area.owns(path));

/** Starts loading the area of `path` ahead of need (the map while the password is typed). */
export function prefetchArea(path: string): void {
  void areaOf(path)
    ?.load()
    .catch(() => undefined);
}

type Screen = LazyExoticComponent<ComponentType<{ route: AppRoute }>>;

const screens = new Map<string, Screen | null>();

/**
 * The lazily loaded screen of a route path (its placeholder when its area does not build it yet), or null
 * when no area owns the path.
 */
export function screenFor(path: string): Screen | null {
  if (!screens.has(path)) {
    const area = areaOf(path);
    screens.set(
      path,
      area
        ? lazy(() =>
            area.load().then((table) => {
              const Built = table[path];
              const RouteScreen = ({ route }: { route: AppRoute }) =>
                Built ? createElement(Built) : createElement(PlaceholderPage, { route });
              return { default: RouteScreen };
            }),
          )
        : null,
    );
  }
  return screens.get(path) ?? null;
}
