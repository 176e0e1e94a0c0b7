/** The dashboard: its manifest. */
import type { ServerModule } from '../../manifest/serverModule';
import { dashboardRoutes } from './routes';

export const dashboardModule: ServerModule = { name: 'dashboard', routes: dashboardRoutes };
