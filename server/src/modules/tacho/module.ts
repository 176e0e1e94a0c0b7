/** Tachograph: the live driver grid (followed from stored records) and the card and vehicle files. */
import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../../manifest/serverModule';
import type { Services } from '../../services/context';
import { TachoDriverTracker, vehiclePlate } from './live/driverTracker';
import { tachoDriverRoutes } from './live/routes';
import { tachoFilesRoutes } from './files/routes';

export const tachoModule: ServerModule = {
  name: 'tacho',
  routes(app: FastifyInstance, services: Services) {
    tachoDriverRoutes(app, services);
    tachoFilesRoutes(app, services);
  },
  start({ services, log }) {
    const tracker = new TachoDriverTracker({ db: services.db, live: services.live, log });
    return {
      onStored: (positions, devices) =>
        tracker.observe(positions, (id) => vehiclePlate(devices.get(id)?.attributes)),
      idle: () => tracker.idle(),
    };
  },
};
