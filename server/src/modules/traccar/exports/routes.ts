/**
 * Traccar API (issue 23): the exports part: positions as KML, CSV and GPX, deleting positions, server
 * statistics, and the combined, geofence and devices reports.
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../services/context';
import { positionDeleteRoutes, positionFileRoutes } from './positionRoutes';
import { statisticsRoutes } from './statistics';
import { reportExtraRoutes } from './reportRoutes';

export function traccarExportsRoutes(app: FastifyInstance, services: Services): void {
  positionFileRoutes(app, services);
  positionDeleteRoutes(app, services);
  statisticsRoutes(app, services);
  reportExtraRoutes(app, services);
}
