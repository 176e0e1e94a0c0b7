/** GET /report/api.php/tacho_drivers (document 3 §7): the tachograph driver grid, permission tacho.drivers. */
import type { FastifyInstance } from 'fastify';
import { hasPermission } from '@frota/core';
import type { Services } from '../../../services/context';
import { requireScope } from '../../../auth/guard';
import { forbidden } from '../../../errors';
import { loadCardActivity } from '../files/activityStore';
import { listTachoDrivers, type CardActivitySource, type DriverListQuery } from './driverList';
import { driverSchema, driversQuery, messageAnswer } from './schemas';

export const TACHO_DRIVERS_PERMISSION = 'tacho.drivers';

export function tachoDriverRoutes(
  app: FastifyInstance,
  services: Services,
  /** where the card files' activity comes from (the tacho files module) */
  cardActivity: CardActivitySource = (owners, card, from, to) =>
    loadCardActivity(services.db, owners, card, from, to),
): void {
  app.get(
    '/report/api.php/tacho_drivers',
    {
      schema: {
        tags: ['tachograph'],
        summary: 'Tachograph drivers: each driver card with its working state and driving-time counters',
        description:
          'One row per driver card the trackers reported (Teltonika tachograph IO elements): names, last ' +
          'vehicle and plate, last update, working state 0–7 and the six counters as JSON text, in seconds. ' +
          'Counters the tracker did not send are computed from the driver’s activity (live states and ' +
          'imported card files) with the rules of Regulation (EC) 561/2006, as of the request. Visible rows: ' +
          'the cards the user’s vehicles reported (each card once, as last reported); names, history and card ' +
          'files are read only from the user’s own vehicles, drivers and files. Changes are announced on /api/socket as `tachoDrivers: [{uniqueid, deviceId}]`.',
        querystring: driversQuery,
        response: {
          200: driverSchema.array(),
          400: messageAnswer,
          401: messageAnswer,
          403: messageAnswer.describe('missing permission tacho.drivers'),
        },
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      if (!hasPermission(scope.user, TACHO_DRIVERS_PERMISSION))
        throw forbidden(`Missing permission ${TACHO_DRIVERS_PERMISSION}`);
      return listTachoDrivers(services.db, scope, req.query as DriverListQuery, Date.now(), cardActivity);
    },
  );
}
