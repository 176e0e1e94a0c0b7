/** The management module's manifest (see session/areas.ts): the summary and each vehicle's screens. */
import type { AreaManifest } from '../session/areas';
import { appRoute } from '../session/routes';

const SCREENS = [
  'maintenances',
  'maintenance',
  'costs',
  'cost',
  'documents',
  'document',
  'settings',
  'notifications',
  'notification',
];

export const MANAGEMENT_AREA: AreaManifest = {
  id: 'management',
  routes: [
    appRoute('/management/summary', 'management.summary', 'management', 'route.management_summary', {
      menu: 10,
    }),
    ...SCREENS.map((name) =>
      appRoute(`/management/${name}/:id?`, 'management.summary', 'management', `route.management_${name}`),
    ),
  ],
  pages: () => import('./pages').then((m) => m.MANAGEMENT_PAGES),
};
