/** The camera calls of document 3 §7 (issue 21): vehicles, media lists, requests, media bytes. */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context';
import { cameraRoutes } from './cameraRoutes';
import { mediaRoutes } from './mediaRoutes';

export function camerasRoutes(app: FastifyInstance, services: Services): void {
  cameraRoutes(app, services);
  mediaRoutes(app, services);
}
