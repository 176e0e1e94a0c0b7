/**
 * What a route is: its path, the permission that gates it (document 1 §6) and its menu placement, and the
 * menu's sections. The routes themselves are the areas' (each area's `area.ts`, listed by app/areas.ts).
 */
import type { DeviceGatedReport } from '@frota/core';

export type SectionId =
  'map' | 'tacho' | 'reports' | 'customReports' | 'modules' | 'passengers' | 'management' | 'settings';

export const SECTIONS: SectionId[] = [
  'map',
  'tacho',
  'reports',
  'customReports',
  'modules',
  'passengers',
  'management',
  'settings',
];

export interface AppRoute {
  /** react-router path, optional segments written `:id?`. */
  path: string;
  /** Permission string matched by prefix; null: any logged-in user that is not temporary. */
  permission: string | null;
  section: SectionId;
  /** i18n key of the title. */
  title: string;
  /**
   * Shown as a side-menu entry (list screens; edit screens are reached from them) at this place in its
   * section: entries of a section are sorted by it, whichever area gives them (1 and up).
   */
  menu?: number;
  /** Reachable only in beta mode (Ctrl+Alt+B). */
  beta?: boolean;
  /** A second permission that also opens the route (the refill screens: management or the refill module). */
  alsoPermission?: string;
  /** Offered only when a vehicle offers this report (eco driving, rag: document 2 §2.1). */
  gate?: DeviceGatedReport;
}

/** One route of an area's manifest (see session/areas.ts): its path, permission, section and title key. */
export const appRoute = (
  path: string,
  permission: string | null,
  section: SectionId,
  title: string,
  extra?: Partial<AppRoute>,
): AppRoute => ({
  path,
  permission,
  section,
  title,
  ...extra,
});

export const OWN_PROFILE_ROUTE = '/settings/user/:id?';
export const MANUAL_URL = '/manual/pt/';
