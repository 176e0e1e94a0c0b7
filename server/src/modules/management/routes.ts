/** The management calls (document 3 §7). Built by issue 17. */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context';

export function managementRoutes(app: FastifyInstance, services: Services): void {
  void app;
  void services;
}
