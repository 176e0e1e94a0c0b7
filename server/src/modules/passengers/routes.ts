/** Passenger control: the passenger list and form, and report_passenger_pickup.php. */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context';

export function passengerRoutes(_app: FastifyInstance, _services: Services): void {}
