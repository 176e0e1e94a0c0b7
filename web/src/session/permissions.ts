import {
  hasPermission as coreHasPermission,
  isTemporaryUser as coreIsTemporary,
  permissionCovers,
  reportOffered,
} from '@frota/core';
import type { Device, User } from '../api/types';
import { OWN_PROFILE_ROUTE, SECTIONS, type AppRoute, type SectionId } from './routes';

export const isTemporaryUser = (user: Pick<User, 'email'> | null | undefined): boolean =>
  !!user && coreIsTemporary(user);

/** The rule of core: a granted string covers what starts with it at a dot boundary, never the reverse. */
export const permissionMatches = permissionCovers;

/** Whether the user holds a permission: administrators hold all; temporary users only the map (and history). */
export function hasPermission(user: User | null | undefined, required: string): boolean {
  return !!user && coreHasPermission(user, required);
}

export interface RouteOptions {
  beta?: boolean;
  params?: { id?: string };
  /** The user's vehicles, for routes offered only when a vehicle offers them. */
  devices?: readonly Device[];
}

/** Whether the user may open a route; `params.id` lets anyone open their own profile. */
export function canOpenRoute(
  user: User | null | undefined,
  route: AppRoute,
  options: RouteOptions = {},
): boolean {
  if (!user) return false;
  if (route.beta && !options.beta) return false;
  if (route.gate && !reportOffered(route.gate, options.devices ?? [])) return false;
  if (route.path === OWN_PROFILE_ROUTE && options.params?.id === String(user.id) && !isTemporaryUser(user))
    return true;
  if (route.permission === null) return !isTemporaryUser(user);
  return (
    hasPermission(user, route.permission) ||
    (route.alsoPermission !== undefined && hasPermission(user, route.alsoPermission))
  );
}

export interface MenuSection {
  id: SectionId;
  items: AppRoute[];
}

/** The menu entries of `routes`, grouped by section in menu order (each section's entries by their place). */
export function menuOf(routes: readonly AppRoute[]): MenuSection[] {
  return SECTIONS.map((id) => ({
    id,
    items: routes
      .filter((route) => route.menu !== undefined && route.section === id)
      .sort((a, b) => (a.menu ?? 0) - (b.menu ?? 0)),
  }));
}

/**
 * Side-menu entries the user may open among `routes` (every area's, app/areas.ts), grouped by section in
 * menu order; empty sections are left out.
 */
export function buildMenu(
  routes: readonly AppRoute[],
  user: User | null | undefined,
  beta = false,
  devices?: readonly Device[],
): MenuSection[] {
  return menuOf(routes)
    .map((section) => ({
      ...section,
      items: section.items.filter((route) => canOpenRoute(user, route, { beta, devices })),
    }))
    .filter((section) => section.items.length > 0);
}

/** Where an unknown or forbidden address sends the user: the first enabled menu entry. */
export function firstMenuPath(
  routes: readonly AppRoute[],
  user: User | null | undefined,
  beta = false,
  devices?: readonly Device[],
): string | null {
  return buildMenu(routes, user, beta, devices)[0]?.items[0]?.path ?? null;
}
