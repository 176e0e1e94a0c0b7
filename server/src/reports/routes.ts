/** Report routes: /report/report_{name}.php, Traccar /api/reports/*, schedules (issue 7). */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services/context';

export function reportRoutes(_app: FastifyInstance, _services: Services): void {}
