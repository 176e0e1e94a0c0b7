/** The tachograph's manifest (see session/areas.ts). */
import { queryKeys } from '../api/queries';
import type { AreaManifest } from '../session/areas';
import { appRoute } from '../session/routes';

export const TACHO_AREA: AreaManifest = {
  id: 'tacho',
  routes: [
    appRoute('/tacho_drivers', 'tacho.drivers', 'tacho', 'route.tacho_drivers', { menu: 10 }),
    appRoute('/tacho_files', 'tacho.files', 'tacho', 'route.tacho_files', { menu: 20 }),
  ],
  pages: () => import('./pages').then((m) => m.TACHO_PAGES),
  // Driver counters change every minute while a fleet drives: the open drivers grid reads them once a flush.
  live: [{ kinds: ['tachoDrivers'], queryKey: queryKeys.tachoDrivers, when: 'flush' }],
};
