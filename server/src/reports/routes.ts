/** Report routes: /report/report_{name}.php, Traccar /api/reports/*, schedules (issue 7). */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services/context';
import { reportRunRoutes } from './reportRoutes';
import { traccarReportRoutes } from './traccar';
import { scheduleRoutes } from './schedules/routes';
import { catalogueRoute } from './catalogueRoute';

export function reportRoutes(app: FastifyInstance, services: Services): void {
  reportRunRoutes(app, services);
  traccarReportRoutes(app, services);
  scheduleRoutes(app, services);
  catalogueRoute(app, services);
}
