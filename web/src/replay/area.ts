/** The route replay's manifest (see session/areas.ts). */
import type { AreaManifest } from '../session/areas';
import { appRoute } from '../session/routes';

export const REPLAY_AREA: AreaManifest = {
  id: 'replay',
  routes: [appRoute('/replay', 'map.history', 'map', 'route.replay', { menu: 20 })],
  pages: () => import('./pages').then((m) => m.REPLAY_PAGES),
};
