/** Management screens by route path (the routes are in area.ts). Built by issue 17. */
import type { PageTable } from '../session/areas';
import { CostEditPage } from './CostEditPage';
import { CostsPage } from './CostsPage';
import { DocumentEditPage } from './DocumentEditPage';
import { DocumentsPage } from './DocumentsPage';
import { MaintenanceEditPage } from './MaintenanceEditPage';
import { MaintenanceSettingsPage } from './MaintenanceSettingsPage';
import { MaintenancesPage } from './MaintenancesPage';
import { NotificationEditPage } from './notifications/NotificationEditPage';
import { NotificationsPage } from './notifications/NotificationsPage';
import { SummaryPage } from './SummaryPage';

export const MANAGEMENT_PAGES: PageTable = {
  '/management/summary': SummaryPage,
  '/management/maintenances/:id?': MaintenancesPage,
  '/management/maintenance/:id?': MaintenanceEditPage,
  '/management/settings/:id?': MaintenanceSettingsPage,
  '/management/costs/:id?': CostsPage,
  '/management/cost/:id?': CostEditPage,
  '/management/documents/:id?': DocumentsPage,
  '/management/document/:id?': DocumentEditPage,
  '/management/notifications/:id?': NotificationsPage,
  '/management/notification/:id?': NotificationEditPage,
};
