/** The refills calls (document 3 §7). Built by issue 18. */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context';

export function refillsRoutes(app: FastifyInstance, services: Services): void {
  void app;
  void services;
}
