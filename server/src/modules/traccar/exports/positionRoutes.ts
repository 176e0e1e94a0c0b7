/**
 * Traccar's position exports and deletes: GET /api/positions/{kml,csv,gpx} (deviceId, from, to, optional
 * geofenceId) and DELETE /api/positions (deviceId, from, to) and /api/positions/{id}.
 *
 * Access: an export reads what the history (GET /api/positions?deviceId&from&to) would answer: a device
 * the user sees (404 otherwise), the permission map.history (temporary users: their allowed window),
 * private positions blanked (left out of KML and GPX, which draw places). Deleting needs a device the user
 * sees (404) and write access to devices: administrators, or users not read-only and not temporary who
 * hold `settings.devices` (403 otherwise).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../../services/context';
import { assertCanWrite, requireScope } from '../../../auth/guard';
import { canSee } from '../../../auth/policy';
import { notFound } from '../../../errors';
import { zoneFor } from '../../../track/timezone';
import { deviceHistory } from './positionHistory';
import { positionsCsv, positionsGpx, positionsKml } from './positionFiles';
import { deletePositions } from './positionDelete';

const time = z.string().refine((v) => Number.isFinite(Date.parse(v)), 'invalid date');
const id = z.coerce.number().int().positive();
const period = z.object({ deviceId: id, from: time, to: time });
const exportQuery = period.extend({ geofenceId: z.coerce.number().int().nonnegative().optional() });
type ExportQuery = z.infer<typeof exportQuery>;

const FORMATS = {
  kml: { type: 'application/vnd.google-earth.kml+xml; charset=utf-8', name: 'KML' },
  csv: { type: 'text/csv; charset=utf-8', name: 'CSV' },
  gpx: { type: 'application/gpx+xml; charset=utf-8', name: 'GPX' },
} as const;

export function positionFileRoutes(app: FastifyInstance, services: Services): void {
  for (const [ext, format] of Object.entries(FORMATS) as Array<
    [keyof typeof FORMATS, (typeof FORMATS)['kml']]
  >)
    app.get(
      `/api/positions/${ext}`,
      {
        schema: {
          tags: ['positions'],
          summary: `Export a device's positions in a period as ${format.name} (Traccar's format)`,
          querystring: exportQuery,
        },
      },
      async (req, reply) => {
        const scope = await requireScope(services, req);
        const q = req.query as ExportQuery;
        const from = Date.parse(q.from);
        const to = Date.parse(q.to);
        const { deviceName, positions } = await deviceHistory(services, scope, {
          deviceId: q.deviceId,
          from,
          to,
          geofenceId: q.geofenceId || undefined,
        });
        const zone = zoneFor(scope.user.attributes.timezone);
        const body =
          ext === 'kml'
            ? positionsKml(deviceName, { from, to, zone }, positions)
            : ext === 'gpx'
              ? positionsGpx(deviceName, positions)
              : positionsCsv(zone, positions);
        return reply
          .header('content-disposition', `attachment; filename=positions.${ext}`)
          .type(format.type)
          .send(body);
      },
    );
}

export function positionDeleteRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services;

  app.delete(
    '/api/positions',
    {
      schema: {
        tags: ['positions'],
        summary: "Delete a device's positions whose fix time is in [from, to] (write access to devices)",
        querystring: period,
      },
    },
    async (req, reply) => {
      const scope = await requireScope(services, req);
      const q = req.query as z.infer<typeof period>;
      if (!(await canSee(db, scope, 'devices', q.deviceId))) throw notFound();
      assertCanWrite(scope, 'settings.devices');
      await deletePositions(db, { deviceId: q.deviceId, from: Date.parse(q.from), to: Date.parse(q.to) });
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/positions/:id',
    {
      schema: {
        tags: ['positions'],
        summary: 'Delete one position (write access to devices)',
        params: z.object({ id }),
      },
    },
    async (req, reply) => {
      const scope = await requireScope(services, req);
      const positionId = (req.params as { id: number }).id;
      const row = await db.kysely
        .selectFrom('positions')
        .select('deviceId')
        .where('id', '=', positionId)
        .executeTakeFirst();
      if (!row || !(await canSee(db, scope, 'devices', Number(row.deviceId)))) throw notFound();
      assertCanWrite(scope, 'settings.devices');
      await deletePositions(db, { deviceId: Number(row.deviceId), id: positionId });
      return reply.code(204).send();
    },
  );
}
