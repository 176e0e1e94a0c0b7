/**
 * The manifest of a web area (issue 35): what the shell needs to plug an area in. Each area exports one from
 * its `area.ts`; `app/areas.ts` lists them, and the router, the menus, the live updates and the permission
 * panel read that list instead of naming areas. Areas import this type downward; the list reaches the
 * screens below the shell through `AreasContext` (provided by app/LoggedInApp.tsx).
 */
import { createContext, useContext, useMemo, type ComponentType } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { LiveMessage } from '../api/types';
import type { AppRoute, SectionId } from './routes';

/** What a screen receives: its route (title key, permission…). */
export interface ScreenProps {
  route: AppRoute;
}

/** An area's screens by route path (its `pages.ts`: the area's own chunk). */
export type PageTable = Readonly<Record<string, ComponentType<ScreenProps>>>;

/** A field of the live socket's messages (`refills`, `cameraMedia`, …; a new kind needs no shared type). */
export type LiveKind = keyof LiveMessage | (string & {});

/** Queries an area refetches when the live socket brings news for them. */
export interface LiveRefresh {
  /** the message fields that carry the news (any non-empty one triggers the refresh) */
  kinds: readonly LiveKind[];
  /** refetched: every query whose key starts with it */
  queryKey: QueryKey;
  /** `now`: as the message arrives; `flush`: once, at the next live flush (every 10 s) */
  when: 'now' | 'flush';
}

/** What a vehicle dialog lent to another screen receives. */
export interface VehicleDialogProps {
  deviceId: number;
  name: string;
  /** the vehicle's live position attributes */
  attributes?: Record<string, unknown> | null;
  onClose: () => void;
}

/** A dialog about one vehicle that an area lends to other screens (the live map popup's Cameras entry). */
export interface VehicleDialog {
  /** the entry it fills (`cameras`) */
  id: string;
  /** the route whose permission offers it: shown only to those who may open that route */
  path: string;
  /** the dialog, lazy (`React.lazy`): its own chunk, loaded on the first open */
  Dialog: ComponentType<VehicleDialogProps>;
}

/** A grantable permission that opens no screen of its own, offered in a menu section's permission panel. */
export interface PermissionFlag {
  section: SectionId;
  permission: string;
  /** i18n key of its name */
  title: string;
}

export interface AreaManifest {
  /** the area's folder name */
  id: string;
  /** its routes: path, permission, menu section and place, title key (`appRoute` of session/routes.ts) */
  routes: readonly AppRoute[];
  /** its screens by route path, loaded on the first visit to one of its routes: `() => import('./pages')…` */
  pages: () => Promise<PageTable>;
  /** queries refetched by live messages */
  live?: readonly LiveRefresh[];
  /** vehicle dialogs it lends to other screens */
  vehicleDialogs?: readonly VehicleDialog[];
  /** permissions it adds to the user form's panel */
  flags?: readonly PermissionFlag[];
}

/** Every route of a list of areas. */
export const routesOf = (areas: readonly AreaManifest[]): AppRoute[] => areas.flatMap((area) => area.routes);

/** The vehicle dialog filling entry `id`, if an area lends one. */
export const vehicleDialogOf = (areas: readonly AreaManifest[], id: string): VehicleDialog | undefined =>
  areas.flatMap((area) => area.vehicleDialogs ?? []).find((dialog) => dialog.id === id);

/** The list of areas, for the screens below the shell (empty outside the logged-in app). */
export const AreasContext = createContext<readonly AreaManifest[]>([]);

export const useAreas = (): readonly AreaManifest[] => useContext(AreasContext);

/** Every route of the app. */
export function useRoutes(): readonly AppRoute[] {
  const areas = useAreas();
  return useMemo(() => routesOf(areas), [areas]);
}
