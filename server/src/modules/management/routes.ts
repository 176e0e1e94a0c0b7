/**
 * The management calls (document 3 §7): maintenance_summary, the per-vehicle maintenance, cost and document
 * lists and forms, the stored files, and Traccar's /api/maintenance over the same maintenance entries.
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context';
import { managementScope, userToday } from './access';
import { resourceRoutes } from './crud';
import { maintenanceResource } from './maintenanceResource';
import { costResource } from './costResource';
import { documentResource } from './documentResource';
import { fileRoutes } from './fileRoutes';
import { maintenanceSummary } from './summary';
import { messageAnswer, summaryAnswer } from './schemas';
import { traccarMaintenanceRoutes } from './traccarMaintenance';

export function managementRoutes(app: FastifyInstance, services: Services): void {
  app.get(
    '/report/api.php/maintenance_summary',
    {
      schema: {
        tags: ['management'],
        summary:
          'The maintenance summary grid: one row per vehicle the user sees (permission management.summary)',
        description:
          'Distance and hours from the last position, the next service (manual: newest entry with a periodicity; ' +
          'automatic: last completed entry + automaticMaintenancePeriodicity), days in maintenance, the next cost ' +
          'and document expiry, and state: progress (an entry in progress), overdue (km, hours or days left < 0), ' +
          'soon (< 1000 km, < 250 h, < 30 days) or ok.',
        response: { 200: summaryAnswer, 403: messageAnswer },
      },
    },
    async (req) => {
      const scope = await managementScope(services, req);
      return { data: await maintenanceSummary(services.db, scope, userToday(scope)) };
    },
  );
  for (const resource of [maintenanceResource, costResource, documentResource])
    resourceRoutes(app, services, resource);
  fileRoutes(app, services);
  traccarMaintenanceRoutes(app, services);
}
