/**
 * The rest of Traccar's published API (issue 23) over our models and access policy, by part: saved
 * commands and maintenance, calendars and notification types, exports, reports and statistics, and access
 * (tokens, share links, permissions, server helpers, health, audit, what is left out as 501).
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context';
import { traccarAccessRoutes } from './access/routes';
import { traccarCalendarsRoutes } from './calendars/routes';
import { traccarCommandsRoutes } from './commands/routes';
import { traccarComputedRoutes } from './computed/routes';
import { traccarExportsRoutes } from './exports/routes';
import { traccarScheduledRoutes } from './scheduled/routes';

export function traccarRoutes(app: FastifyInstance, services: Services): void {
  traccarCommandsRoutes(app, services);
  traccarCalendarsRoutes(app, services);
  traccarExportsRoutes(app, services);
  traccarAccessRoutes(app, services);
  traccarComputedRoutes(app, services);
  traccarScheduledRoutes(app, services);
}
