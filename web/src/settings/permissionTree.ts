/** The permission panel of the user form (document 1 §6): menu groups and their items, and the global ones. */
import type { User } from '../api/types';
import { routesOf, type AreaManifest } from '../session/areas';
import { hasPermission, isTemporaryUser, menuOf, permissionMatches } from '../session/permissions';

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

/**
 * Whether the edited user holds an item: by its own name or through a wider permission that covers it
 * (`reports` holds `reports.km`), as the server grants it.
 */
export const holds = (current: readonly string[], permission: string): boolean =>
  current.some((held) => permissionMatches(held, permission));

/**
 * Turns `off` off: its own name goes, and a wider permission that held it is replaced by the items of the
 * panel (`all`) it covered, but for those turned off.
 */
function withoutItems(current: readonly string[], off: readonly string[], all: readonly string[]): string[] {
  const wider = current.filter((held) => !off.includes(held) && off.some((p) => permissionMatches(held, p)));
  const kept = current.filter((held) => !off.includes(held) && !wider.includes(held));
  const expanded = all.filter(
    (item) =>
      !off.includes(item) && !kept.includes(item) && wider.some((held) => permissionMatches(held, item)),
  );
  return [...kept, ...expanded];
}

/** A group click: if any of its items is held, all go off; otherwise all go on. */
export function toggleGroup(
  current: readonly string[],
  group: PermissionGroup,
  all: readonly string[] = [],
): string[] {
  const names = group.items.map((item) => item.permission);
  if (names.some((name) => holds(current, name))) return withoutItems(current, names, all);
  return [...current, ...names.filter((name) => !current.includes(name))];
}

/** An item click: off when held (by name or through a wider permission), else on. */
export function toggleItem(
  current: readonly string[],
  permission: string,
  all: readonly string[] = [],
): string[] {
  return holds(current, permission) ? withoutItems(current, [permission], all) : [...current, permission];
}
