/**
 * Traccar API (issue 23), the access part: session tokens, share links, server helpers (geocode,
 * timezones), health, audit, device pictures, and the operations left out (501).
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../services/context';
import { auditRoutes } from './auditRoutes';
import { deviceImageRoutes } from './deviceImage';
import { serverHelperRoutes } from './serverHelpers';
import { shareRoutes } from './share';
import { tokenRoutes } from './tokens';
import { unsupportedRoutes } from './unsupported';

export function traccarAccessRoutes(app: FastifyInstance, services: Services): void {
  tokenRoutes(app, services);
  shareRoutes(app, services);
  serverHelperRoutes(app, services);
  auditRoutes(app, services);
  deviceImageRoutes(app, services);
  unsupportedRoutes(app);
}
