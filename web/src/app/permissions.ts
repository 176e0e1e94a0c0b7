import type { User } from '../api/types';
import { OWN_PROFILE_ROUTE, ROUTES, SECTIONS, type AppRoute, type SectionId } from './routes';

export const isTemporaryUser = (user: Pick<User, 'email'> | null | undefined): boolean =>
  !!user?.email?.toLowerCase().startsWith('temp_');

/**
 * A granted string matches a required one by prefix on dot boundaries: `reports` grants
 * `reports.trips`, and `reports.trips` is granted by `reports.trips` or anything under it.
 */
export function permissionMatches(granted: string, required: string): boolean {
  return granted === required || required.startsWith(`${granted}.`) || granted.startsWith(`${required}.`);
}

/** Whether the user holds a permission: administrators hold all; temporary users only the map (and history). */
export function hasPermission(user: User | null | undefined, required: string): boolean {
  if (!user) return false;
  if (isTemporaryUser(user)) {
    return required === 'map.online' || (required === 'map.history' && !!user.attributes?.allowHistory);
  }
  if (user.administrator) return true;
  const granted = Array.isArray(user.attributes?.permissions) ? user.attributes.permissions : [];
  return granted.some((p) => typeof p === 'string' && p !== '' && permissionMatches(p, required));
}

/** Whether the user may open a route; `params.id` lets anyone open their own profile. */
export function canOpenRoute(
  user: User | null | undefined,
  route: AppRoute,
  options: { beta?: boolean; params?: { id?: string } } = {},
): boolean {
  if (!user) return false;
  if (route.beta && !options.beta) return false;
  if (route.path === OWN_PROFILE_ROUTE && options.params?.id === String(user.id) && !isTemporaryUser(user))
    return true;
  if (route.permission === null) return !isTemporaryUser(user);
  return hasPermission(user, route.permission);
}

export interface MenuSection {
  id: SectionId;
  items: AppRoute[];
}

/** Side-menu entries the user may open, grouped by section in menu order; empty sections are left out. */
export function buildMenu(user: User | null | undefined, beta = false): MenuSection[] {
  return SECTIONS.map((id) => ({
    id,
    items: ROUTES.filter(
      (route) => route.menu && route.section === id && canOpenRoute(user, route, { beta }),
    ),
  })).filter((section) => section.items.length > 0);
}

/** Where an unknown or forbidden address sends the user: the first enabled menu entry. */
export function firstMenuPath(user: User | null | undefined, beta = false): string | null {
  return buildMenu(user, beta)[0]?.items[0]?.path ?? null;
}
