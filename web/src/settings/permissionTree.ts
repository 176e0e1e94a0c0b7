/** The permission panel of the user form (document 1 §6): menu groups and their items, and the global ones. */
import type { User } from '../api/types';
import { hasPermission, isTemporaryUser } from '../session/permissions';
import { ROUTES, SECTION_FLAGS, SECTIONS } from '../session/routes';

export interface PermissionItem {
  permission: string;
  /** i18n key of its name */
  title: string;
}

export interface PermissionGroup {
  /** a menu section, or `global` */
  id: string;
  items: PermissionItem[];
}

export const GLOBAL_PERMISSIONS = [
  'global.block',
  'global.rfid_buzzer',
  'global.show_gsm',
  'global.alert_seatbelt_lights',
];

/** Every group: the menu sections with the permission of each menu entry, then the global permissions. */
export function permissionGroups(): PermissionGroup[] {
  const sections = SECTIONS.map((id) => {
    const items: PermissionItem[] = [];
    for (const route of ROUTES) {
      if (route.section !== id || !route.menu || !route.permission) continue;
      if (!items.some((item) => item.permission === route.permission))
        items.push({ permission: route.permission, title: route.title });
    }
    return { id, items: [...items, ...(SECTION_FLAGS[id] ?? [])] };
  });
  const global = {
    id: 'global',
    items: GLOBAL_PERMISSIONS.map((permission) => ({
      permission,
      title: `settings.permission.${permission.replace('global.', '')}`,
    })),
  };
  return [...sections, global].filter((group) => group.items.length > 0);
}

/** What an editor may hand out: only the items (and global permissions) it holds itself. */
export function offeredGroups(editor: User | null | undefined): PermissionGroup[] {
  if (!editor || isTemporaryUser(editor)) return [];
  return permissionGroups()
    .map((group) => ({
      ...group,
      items: group.items.filter((item) => hasPermission(editor, item.permission)),
    }))
    .filter((group) => group.items.length > 0);
}

/** A group click: if any of its items is on, all go off; otherwise all go on. */
export function toggleGroup(current: readonly string[], group: PermissionGroup): string[] {
  const names = group.items.map((item) => item.permission);
  const anyOn = names.some((name) => current.includes(name));
  const rest = current.filter((p) => !names.includes(p));
  return anyOn ? rest : [...rest, ...names];
}

export function toggleItem(current: readonly string[], permission: string): string[] {
  return current.includes(permission) ? current.filter((p) => p !== permission) : [...current, permission];
}
