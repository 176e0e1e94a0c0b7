/** The online map's manifest (see session/areas.ts): the map screen, first in the menu. */
import type { AreaManifest } from '../session/areas';
import { appRoute } from '../session/routes';

export const LIVE_AREA: AreaManifest = {
  id: 'live',
  routes: [appRoute('/', 'map.online', 'map', 'route.map', { menu: 10 })],
  pages: () => import('./pages').then((m) => m.LIVE_PAGES),
};
