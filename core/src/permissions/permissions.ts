/** Permission strings of document 1 §6, matched by prefix. */

export const GLOBAL_PERMISSIONS = [
  'global.block',
  'global.rfid_buzzer',
  'global.show_gsm',
  'global.alert_seatbelt_lights',
] as const;

export interface PermissionSubject {
  email?: string | null;
  administrator?: boolean;
  readonly?: boolean;
  attributes?: Record<string, unknown> | null;
}

export const isTemporaryUser = (u: PermissionSubject): boolean =>
  (u.email ?? '').toLowerCase().startsWith('temp_');

export function permissionList(u: PermissionSubject): string[] {
  const raw = u.attributes?.permissions;
  if (Array.isArray(raw)) return raw.filter((p): p is string => typeof p === 'string');
  if (typeof raw === 'string')
    return raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return [];
}

/**
 * True when a held permission covers the wanted one: equal, or a prefix of it at a dot boundary. Only
 * that direction: `reports` grants `reports.km`, but `reports.km` never grants `reports` (which would
 * open every report and the raw history to a holder of a single report).
 */
export function permissionCovers(held: string, wanted: string): boolean {
  return held !== '' && (wanted === held || wanted.startsWith(`${held}.`));
}

/**
 * Whether the user may use a feature gated by `wanted` (for example `settings.users` or `reports.trips`).
 * Administrators hold everything; temporary users hold only the map and, with allowHistory, history.
 */
export function hasPermission(u: PermissionSubject, wanted: string): boolean {
  if (isTemporaryUser(u)) {
    if (wanted === 'map.online' || wanted === 'map') return true;
    if (wanted === 'map.history') return Boolean(u.attributes?.allowHistory);
    return false;
  }
  if (u.administrator) return true;
  return permissionList(u).some((held) => permissionCovers(held, wanted));
}

/**
 * Whether the user holds at least one permission inside an area (`settings` for any settings screen):
 * for checks that open when any item of a menu group is granted, never to grant the items themselves.
 */
export function hasPermissionUnder(u: PermissionSubject, area: string): boolean {
  if (isTemporaryUser(u)) return area === 'map' || hasPermission(u, area);
  if (u.administrator) return true;
  return permissionList(u).some((held) => permissionCovers(held, area) || held.startsWith(`${area}.`));
}

/** The userLimit of a manager (document 1 §5, §9). */
export const MANAGER_USER_LIMIT = 100;

/** userLimit implied by the permissions (document 1 §5): 100 with settings.users, otherwise 0. */
export const userLimitFor = (permissions: string[]): number =>
  permissions.some((p) => p === 'settings.users' || p === 'settings') ? MANAGER_USER_LIMIT : 0;
