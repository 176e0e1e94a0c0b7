/**
 * Traccar's report routes beside the engine's ones (reports/traccar.ts): GET /api/reports/combined,
 * /api/reports/geofences (JSON, or a spreadsheet by Accept) and /api/reports/devices/{xlsx|mail}.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../../services/context';
import { assertNotTemporary, assertPermission, requireScope } from '../../../auth/guard';
import { DEFAULT_CLIENT_DETAILS, readSetting, type ClientDetails } from '../../../services/serverSettings';
import {
  deliverSheet,
  deliveryOf,
  sheetType,
  traccarReportContext,
  traccarReportQuery,
  type TraccarReportQuery,
} from '../../../reports/traccar';
import { parseIds } from '../../../reports/request';
import { combinedReport } from './combinedReport';
import { geofenceReport } from './geofenceReport';
import { devicesReport } from './devicesReport';

const ids = z.union([z.coerce.number(), z.array(z.coerce.number())]).optional();
const geofencesQuery = traccarReportQuery.extend({ geofenceId: ids });

export function reportExtraRoutes(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/reports/combined',
    {
      schema: {
        tags: ['reports'],
        summary:
          'Traccar combined report: route, events with a position and their positions (reports.positions and reports.alerts)',
        querystring: traccarReportQuery,
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      assertPermission(scope, 'reports.alerts');
      const ctx = await traccarReportContext(
        services,
        scope,
        req.query as TraccarReportQuery,
        'reports.positions',
      );
      return combinedReport(ctx);
    },
  );

  app.get(
    '/api/reports/geofences',
    {
      schema: {
        tags: ['reports'],
        summary: 'Traccar geofence report: stays in zones from enter to exit events (reports.zones)',
        querystring: geofencesQuery,
      },
    },
    async (req, reply) => {
      const scope = await requireScope(services, req);
      const q = req.query as z.infer<typeof geofencesQuery>;
      const ctx = await traccarReportContext(services, scope, q, 'reports.zones');
      const rows = await geofenceReport(ctx, parseIds(q.geofenceId));
      const mode = deliveryOf(req);
      if (mode === 'json') return rows;
      return deliverSheet(
        services,
        scope,
        reply,
        { kind: 'geofences', rows, client: ctx.client.title },
        mode,
      );
    },
  );

  app.get(
    '/api/reports/devices/:type',
    {
      schema: {
        tags: ['reports'],
        summary:
          'Traccar devices report: the visible vehicles as a spreadsheet (xlsx) or mailed to the user (mail, 204)',
        params: sheetType,
      },
    },
    async (req, reply) => {
      const scope = await requireScope(services, req);
      assertNotTemporary(scope);
      const rows = await devicesReport(services.db, scope);
      const client = await readSetting<ClientDetails>(services.db, 'clientDetails', DEFAULT_CLIENT_DETAILS);
      return deliverSheet(
        services,
        scope,
        reply,
        { kind: 'devices', rows, client: client.title },
        (req.params as { type: 'xlsx' | 'mail' }).type,
      );
    },
  );
}
