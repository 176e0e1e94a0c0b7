import { boolAttr } from '@frota/core';
import type { Device, User } from '../api/types';
import { canOpenRoute, hasPermission, isTemporaryUser } from '../session/permissions';
import { ROUTES } from '../session/routes';

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

const ROUTE_OF: Partial<Record<PopupOption, string>> = {
  edit: '/settings/device/:id?',
  history: '/replay',
  refills: '/management/refills/:id?',
  maintenances: '/management/maintenances/:id?',
  // Cameras opens the camera dialog, offered to whoever may open the vehicle's media list.
  cameras: '/settings/camera_images/:id?',
};

const mayOpen = (user: User, option: PopupOption): boolean => {
  const route = ROUTES.find((r) => r.path === ROUTE_OF[option]);
  return !!route && canOpenRoute(user, route);
};

/** Managers (userLimit not 0) may correct km and hours; administrators always. */
export const canFixAccumulators = (user: User): boolean =>
  !user.readonly && (!!user.administrator || (user.userLimit ?? 0) !== 0);

/** Blocking needs the device's immobiliser, a user who may write and the global.block permission. */
export const canBlock = (user: User, device: Device): boolean =>
  boolAttr(device.attributes?.has_immobilization) && !user.readonly && hasPermission(user, 'global.block');

/** The entries the user gets for this vehicle (document 1 §6); temporary users get no Options at all. */
export function popupOptions(user: User, device: Device, demo = false): PopupOption[] {
  if (isTemporaryUser(user)) return [];
  if (demo) return ['follow'];
  const options: PopupOption[] = [];
  if (!user.readonly && mayOpen(user, 'edit')) options.push('edit');
  if (mayOpen(user, 'history')) options.push('history');
  options.push('follow');
  if (mayOpen(user, 'refills')) options.push('refills');
  if (mayOpen(user, 'maintenances')) options.push('maintenances');
  if (boolAttr(device.attributes?.has_camera) && mayOpen(user, 'cameras')) options.push('cameras');
  if (canBlock(user, device)) options.push('block');
  if (canFixAccumulators(user)) options.push('accumulators');
  return options;
}
