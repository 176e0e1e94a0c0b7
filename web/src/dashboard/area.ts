/** The dashboard's manifest (see session/areas.ts). */
import type { AreaManifest } from '../session/areas';
import { appRoute } from '../session/routes';

export const DASHBOARD_AREA: AreaManifest = {
  id: 'dashboard',
  routes: [appRoute('/dashboard', 'map.dashboard', 'map', 'route.dashboard', { menu: 30 })],
  pages: () => import('./pages').then((m) => m.DASHBOARD_PAGES),
};
