/** The passenger control's manifest (see session/areas.ts): the list, the form and the import (issue 22). */
import type { AreaManifest } from '../session/areas';
import { appRoute } from '../session/routes';

// Either passenger permission opens them.
const either = { alsoPermission: 'passengers.vehicle' };

export const PASSENGERS_AREA: AreaManifest = {
  id: 'passengers',
  routes: [
    appRoute('/settings/passengers', 'passengers.passenger', 'passengers', 'route.settings_passengers', {
      menu: 30,
      ...either,
    }),
    appRoute(
      '/settings/passenger/:id?',
      'passengers.passenger',
      'passengers',
      'route.settings_passenger',
      either,
    ),
    appRoute(
      '/settings/passenger_import',
      'passengers.passenger',
      'passengers',
      'route.settings_passenger_import',
      either,
    ),
  ],
  pages: () => import('./pages').then((m) => m.PASSENGER_PAGES),
};
