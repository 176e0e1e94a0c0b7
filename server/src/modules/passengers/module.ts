/** Passengers: their routes and the pickups recorded from card reads in stored records. */
import type { ServerModule } from '../../manifest/serverModule';
import { PassengerPickupRecorder } from './pickupRecorder';
import { passengerRoutes } from './routes';

export const passengersModule: ServerModule = {
  name: 'passengers',
  routes: passengerRoutes,
  start({ services, log }) {
    const pickups = new PassengerPickupRecorder({ db: services.db, log });
    return { onStored: (positions) => pickups.observe(positions), idle: () => pickups.idle() };
  },
};
