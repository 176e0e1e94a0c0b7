/** The alert central's manifest (see session/areas.ts). */
import { queryKeys } from '../api/queries';
import type { AreaManifest } from '../session/areas';
import { appRoute } from '../session/routes';

export const ALERTS_AREA: AreaManifest = {
  id: 'alerts',
  routes: [appRoute('/events', 'module.events', 'modules', 'route.events', { menu: 10 })],
  pages: () => import('./pages').then((m) => m.ALERT_PAGES),
  // The open page (if any) shows new events and statuses at the next flush; filters and page are kept.
  live: [{ kinds: ['events', 'eventStatuses'], queryKey: queryKeys.alertEvents, when: 'flush' }],
};
