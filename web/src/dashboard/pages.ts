/** Dashboard screens by route path (the routes are in area.ts). */
import type { PageTable } from '../session/areas';
import { DashboardPage } from './DashboardPage';

export const DASHBOARD_PAGES: PageTable = {
  '/dashboard': DashboardPage,
};
