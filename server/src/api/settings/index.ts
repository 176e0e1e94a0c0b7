/** Routes the settings screens need beyond the entity API (issue 6). */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context';
import { linkedSaveRoutes } from './linkedSave';
import { temporaryLinkRoutes } from './temporaryLinks';

export function settingsRoutes(app: FastifyInstance, services: Services): void {
  temporaryLinkRoutes(app, services);
  linkedSaveRoutes(app, services);
}
