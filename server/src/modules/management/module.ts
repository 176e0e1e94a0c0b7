/**
 * Fleet management (document 3 §2: maintenance, costs, documents, the summary) and its maintenance
 * notifications (their routes and the daily e-mail job, in notifications/).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../../manifest/serverModule';
import type { Services } from '../../services/context';
import { managementRoutes } from './routes';
import { startMaintenanceNotifier } from './notifications/job';
import { maintenanceNotificationRoutes } from './notifications/routes';

export const managementModule: ServerModule = {
  name: 'management',
  routes(app: FastifyInstance, services: Services) {
    managementRoutes(app, services);
    maintenanceNotificationRoutes(app, services);
  },
  start({ services, log, listening }) {
    if (!listening) return {};
    const job = startMaintenanceNotifier(services, {
      intervalMs: services.config.jobIntervalMs,
      onError: (err) => log.error({ err }, 'maintenance notifications'),
    });
    return { stop: () => job.stop() };
  },
};
