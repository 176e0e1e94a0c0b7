import { boolAttr } from '@frota/core';
import type { Device, User } from '../api/types';
import { routesOf, vehicleDialogOf, type AreaManifest } from '../session/areas';
import { canOpenRoute, hasPermission, isTemporaryUser } from '../session/permissions';

/** The popup's Options menu, in the order of document 1 §2. */
export type PopupOption =
  'edit' | 'history' | 'follow' | 'refills' | 'maintenances' | 'cameras' | 'block' | 'accumulators';

/** Where the navigating entries go (react-router paths). */
export const OPTION_PATHS = {
  edit: (id: number) => `/settings/device/${id}`,
  history: () => '/replay',
  refills: () => '/management/refills',
  maintenances: (id: number) => `/management/maintenances/${id}`,
} as const;

/** The routes whose permission offers each navigating entry. */
const ROUTE_OF: Partial<Record<PopupOption, string>> = {
  edit: '/settings/device/:id?',
  history: '/replay',
  refills: '/management/refills/:id?',
  maintenances: '/management/maintenances/:id?',
};

/** Entries that open a dialog another area lends (its manifest's `vehicleDialogs`). */
const LENT: PopupOption[] = ['cameras'];

/** Whether the user may take an entry: open its route, or the route of the dialog an area lends for it. */
const mayOpen = (user: User, option: PopupOption, areas: readonly AreaManifest[]): boolean => {
  const path = LENT.includes(option) ? vehicleDialogOf(areas, option)?.path : ROUTE_OF[option];
  const route = routesOf(areas).find((r) => r.path === path);
  return !!route && canOpenRoute(user, route);
};

/** Managers (userLimit not 0) may correct km and hours; administrators always. */
export const canFixAccumulators = (user: User): boolean =>
  !user.readonly && (!!user.administrator || (user.userLimit ?? 0) !== 0);

/** Blocking needs the device's immobiliser, a user who may write and the global.block permission. */
export const canBlock = (user: User, device: Device): boolean =>
  boolAttr(device.attributes?.has_immobilization) && !user.readonly && hasPermission(user, 'global.block');

/**
 * The entries the user gets for this vehicle (document 1 §6), among the areas of `areas` (app/areas.ts);
 * temporary users get no Options at all.
 */
export function popupOptions(
  user: User,
  device: Device,
  areas: readonly AreaManifest[],
  demo = false,
): PopupOption[] {
  if (isTemporaryUser(user)) return [];
  if (demo) return ['follow'];
  const may = (option: PopupOption) => mayOpen(user, option, areas);
  const options: PopupOption[] = [];
  if (!user.readonly && may('edit')) options.push('edit');
  if (may('history')) options.push('history');
  options.push('follow');
  if (may('refills')) options.push('refills');
  if (may('maintenances')) options.push('maintenances');
  // Cameras opens the camera dialog, offered to whoever may open the vehicle's media list.
  if (boolAttr(device.attributes?.has_camera) && may('cameras')) options.push('cameras');
  if (canBlock(user, device)) options.push('block');
  if (canFixAccumulators(user)) options.push('accumulators');
  return options;
}
