/** The permission panel of the user form (document 1 §6): menu groups and their items, and the global ones. */
import type { User } from '../api/types';
import { routesOf, type AreaManifest } from '../session/areas';
import { hasPermission, isTemporaryUser, menuOf } from '../session/permissions';

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

/**
 * Every group: the menu sections with the permission of each menu entry (in menu order) and the areas'
 * flags, then the global permissions.
 */
export function permissionGroups(areas: readonly AreaManifest[]): PermissionGroup[] {
  const flags = areas.flatMap((area) => area.flags ?? []);
  const sections = menuOf(routesOf(areas)).map(({ id, items: entries }) => {
    const items: PermissionItem[] = [];
    for (const route of entries) {
      if (!route.permission) continue;
      if (!items.some((item) => item.permission === route.permission))
        items.push({ permission: route.permission, title: route.title });
    }
    const own = flags.filter((flag) => flag.section === id);
    return { id, items: [...items, ...own.map(({ permission, title }) => ({ permission, title }))] };
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
export function offeredGroups(
  editor: User | null | undefined,
  areas: readonly AreaManifest[],
): PermissionGroup[] {
  if (!editor || isTemporaryUser(editor)) return [];
  return permissionGroups(areas)
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
