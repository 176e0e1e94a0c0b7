/** The refills calls (document 3 §7) and the operator app API (issue 18). */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context';
import { appRoutes } from './appRoutes';
import { barcodeRoutes } from './barcodeRoutes';
import { refillRoutes } from './refillRoutes';
import { settingsRoutes } from './settingsRoutes';

export function refillsRoutes(app: FastifyInstance, services: Services): void {
  refillRoutes(app, services);
  settingsRoutes(app, services);
  barcodeRoutes(app, services);
  appRoutes(app, services);
}
