/** Routes the settings screens need beyond the entity API (issue 6). */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context';

export function settingsRoutes(_app: FastifyInstance, _services: Services): void {}
