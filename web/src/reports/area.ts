/** The reports' manifest (see session/areas.ts): every report screen and the schedules. */
import type { AreaManifest } from '../session/areas';
import { REPORT_ROUTES } from './reportRoutes';
import { YEAR_PERMISSION } from './yearPermission';

export const REPORTS_AREA: AreaManifest = {
  id: 'reports',
  routes: REPORT_ROUTES,
  pages: () => import('./pages').then((m) => m.REPORT_PAGES),
  flags: [{ section: 'reports', permission: YEAR_PERMISSION, title: 'settings.permission.year' }],
};
