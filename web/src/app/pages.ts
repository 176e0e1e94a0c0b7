/**
 * Screens by route path, from the areas' manifests (app/areas.ts). Each area is its own chunk (its
 * `pages.ts`), loaded on the first visit to one of its routes, so the login page and the shell stay light; a
 * route whose area has no screen for it shows its placeholder.
 */
import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';
import { AREAS } from './areas';
import { PlaceholderPage } from './PlaceholderPage';
import type { AreaManifest } from '../session/areas';
import type { AppRoute } from '../session/routes';

export type Screen = LazyExoticComponent<ComponentType<{ route: AppRoute }>>;

export interface AreaScreens {
  /**
   * The lazily loaded screen of a route path (its placeholder when its area does not build it yet), or null
   * when no area owns the path. Made once per path: a lazy component must not be made anew on each render.
   */
  screenFor: (path: string) => Screen | null;
  /** Starts loading the area of an address ahead of need (the map while the password is typed). */
  prefetchArea: (pathname: string) => void;
}

/** The screens of a list of areas: each route belongs to the area whose manifest names it. */
export function areaScreens(areas: readonly AreaManifest[]): AreaScreens {
  const owners = new Map<string, AreaManifest>();
  for (const area of areas)
    for (const route of area.routes) if (!owners.has(route.path)) owners.set(route.path, area);
  const screens = new Map<string, Screen | null>();
  return {
    screenFor(path) {
      if (!screens.has(path)) {
        const area = owners.get(path);
        screens.set(
          path,
          area
            ? lazy(() =>
                area.pages().then((table) => {
                  const Built = table[path];
                  const RouteScreen = ({ route }: { route: AppRoute }) =>
                    Built ? createElement(Built, { route }) : createElement(PlaceholderPage, { route });
                  return { default: RouteScreen };
                }),
              )
            : null,
        );
      }
      return screens.get(path) ?? null;
    },
    prefetchArea(pathname) {
      const area = areas.find((candidate) =>
        candidate.routes.some((route) => matchPath(route.path, pathname) !== null),
      );
      void area?.pages().catch(() => undefined);
    },
  };
}

const APP_SCREENS = areaScreens(AREAS);

export const screenFor = APP_SCREENS.screenFor;
export const prefetchArea = APP_SCREENS.prefetchArea;
