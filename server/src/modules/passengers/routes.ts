/** Passenger control: the passenger list and form (/api/passengers), and report_passenger_pickup.php. */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context';
import { passengerEntityRoutes } from './passengerRoutes';
import { pickupReportRoute } from './pickupRoute';

export function passengerRoutes(app: FastifyInstance, services: Services): void {
  passengerEntityRoutes(app, services);
  pickupReportRoute(app, services);
}
