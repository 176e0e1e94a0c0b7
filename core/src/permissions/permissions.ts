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

/** True when a held permission covers the wanted one: equal, or a prefix at a dot boundary. */
export function permissionCovers(held: string, wanted: string): boolean {
  return wanted === held || wanted.startsWith(`${held}.`) || held.startsWith(`${wanted}.`);
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

/** userLimit implied by the permissions (document 1 §5): 100 with settings.users, otherwise 0. */
export const userLimitFor = (permissions: string[]): number =>
  permissions.some((p) => p === 'settings.users' || p === 'settings') ? 100 : 0;
