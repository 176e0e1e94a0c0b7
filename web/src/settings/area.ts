/** The settings' manifest (see session/areas.ts): the interface settings and each list with its form. */
import type { AreaManifest } from '../session/areas';
import { appRoute } from '../session/routes';

/** Settings lists and their edit screens, in menu order: [list, edit, permission]. */
const LISTS: [string, string, string][] = [
  ['notifications', 'notification', 'settings.notifications'],
  ['devices', 'device', 'settings.devices'],
  ['groups', 'group', 'settings.groups'],
  ['drivers', 'driver', 'settings.drivers'],
  ['geofences', 'geofence', 'settings.geofences'],
  ['users', 'user', 'settings.users'],
  ['temporary_links', 'temporary_link', 'settings.temporary_links'],
];

export const SETTINGS_AREA: AreaManifest = {
  id: 'settings',
  routes: [
    appRoute('/settings/interface/:id?', null, 'map', 'route.interface'),
    ...LISTS.flatMap(([list, edit, permission], index) => [
      appRoute(`/settings/${list}`, permission, 'settings', `route.settings_${list}`, {
        menu: (index + 1) * 10,
      }),
      appRoute(`/settings/${edit}/:id?`, permission, 'settings', `route.settings_${edit}`),
    ]),
    appRoute('/settings/driver_import', 'settings.drivers', 'settings', 'route.settings_driver_import'),
  ],
  pages: () => import('./pages').then((m) => m.SETTINGS_PAGES),
};
