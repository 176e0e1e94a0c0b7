/** The refill module's manifest (see session/areas.ts): the refill centre, its settings and the vehicle's refills. */
import { queryKeys } from '../api/queries';
import type { AreaManifest } from '../session/areas';
import { appRoute } from '../session/routes';

const refills = (path: string, title: string) => appRoute(path, 'module.refills', 'modules', title);

export const REFILLS_AREA: AreaManifest = {
  id: 'refills',
  routes: [
    appRoute('/refills', 'module.refills', 'modules', 'route.refills', { menu: 20 }),
    refills('/settings/refill_operators', 'route.refill_operators'),
    refills('/settings/refill_operator/:id?', 'route.refill_operator'),
    refills('/settings/refill_stations', 'route.refill_stations'),
    refills('/settings/refill_station/:id?', 'route.refill_station'),
    refills('/settings/refill_devices', 'route.refill_devices'),
    // A refill-module user without the management summary still records refills (document 3 §6).
    ...['refills', 'refill'].map((name) =>
      appRoute(`/management/${name}/:id?`, 'management.summary', 'management', `route.management_${name}`, {
        alsoPermission: 'module.refills',
      }),
    ),
  ],
  pages: () => import('./pages').then((m) => m.REFILL_PAGES),
  // Refill notices are rare and wanted at once: a refill posted from a phone shows in an open refill
  // centre (or the vehicle's list) within a second, not at the next flush.
  live: [{ kinds: ['refills'], queryKey: queryKeys.refills, when: 'now' }],
};
