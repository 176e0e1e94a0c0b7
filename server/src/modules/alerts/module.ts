/** The alert centre (document 3 §3): its manifest. */
import type { ServerModule } from '../../manifest/serverModule';
import { alertsRoutes } from './routes';

export const alertsModule: ServerModule = { name: 'alerts', routes: alertsRoutes };
