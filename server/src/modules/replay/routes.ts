/** The replay module's routes (issue 16): route replay data and street photos. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assertPermission, requireScope } from '../../auth/guard';
import { canSee } from '../../auth/policy';
import { notFound } from '../../errors';
import type { Services } from '../../services/context';
import { columnsAnswer, objectsAnswer, packedAnswer, seriesAnswer } from './answer';
import { streetPhotos } from './mapillary';
import { MAX_COLUMN_POSITIONS, MAX_OBJECT_POSITIONS, planReplay, readReplay } from './replay';
import { MAX_REPLAY_DAYS, replayBodySchema } from './request';
import { mapillaryAnswerSchema, mapillaryQuerySchema, replayAnswerSchema } from './schemas';
import { sendReplayStream } from './streamAnswer';

const HISTORY = 'map.history';

export function replayRoutes(app: FastifyInstance, services: Services): void {
  app.post(
    '/report/report_routechartdata.php',
    {
      schema: {
        tags: ['replay'],
        summary: `Route replay data of one vehicle (permission ${HISTORY})`,
        description:
          'Positions of the first vehicle in `devices` over from..to (wall times in the user timezone), with ' +
          'distance, event marker (start, stop, idle, fuel, speeding, pto) and speed limit, and the trips of ' +
          'the trips report with their index range. `format: "columns"` answers one array per field; ' +
          '`"route"` the same without the attribute series (the map needs them only for the chart); ' +
          '`"packed"` the route in binary columns (application/octet-stream: `FRP1`, a uint32 header length, ' +
          'the JSON header {length, events, trips, device}, then per 8-byte aligned column: id and fixTime as ' +
          'Float64 differences, latitude and longitude as Int32 micro-degrees, speed, course, distance and ' +
          'speedLimit as Float32, event and privacy as Uint8); ' +
          '`"stream"` the route as it is read, then its markers, limits, steps and trips (application/octet-stream, ' +
          'compressed as accepted: `FRS1`, then frames of a 4-byte tag, a uint32 length and the payload padded to 8 ' +
          'bytes: HEAD {length, events, device}, PART positions in binary columns, LAST once the route is whole, ' +
          'MARK speed limits, steps, events and trips, or FAIL {status, message}); ' +
          '`"series"` only the series with the ids of their positions. ' +
          'Private positions have null coordinates, address, speed, speed limit, step distance and series, ' +
          'no event marker and only their privacy attribute for non-administrators (per-trip totals stay, ' +
          `as in the trips report). The period is at most ${MAX_REPLAY_DAYS} days. Temporary users ` +
          `need allowHistory and get only their allowed window. At most ${MAX_OBJECT_POSITIONS} position ` +
          `objects or ${MAX_COLUMN_POSITIONS} positions in columns.`,
        body: replayBodySchema.optional(),
        response: {
          200: replayAnswerSchema.or(z.string().describe('formats packed and stream: binary')),
          400: z.string().describe('Portuguese message'),
        },
      },
    },
    async (req, reply) => {
      const scope = await requireScope(services, req);
      const plan = await planReplay(services, scope, req.body ?? {});
      if (plan.format === 'stream') return sendReplayStream(req, reply, plan);
      const data = await readReplay(plan);
      if (data.format === 'packed') return reply.type('application/octet-stream').send(packedAnswer(data));
      const text =
        data.format === 'objects'
          ? objectsAnswer(data)
          : data.format === 'series'
            ? seriesAnswer(data)
            : columnsAnswer(data);
      return reply.type('application/json; charset=utf-8').send(text);
    },
  );

  app.get(
    '/report/mapillary.php',
    {
      schema: {
        tags: ['replay'],
        summary: `Street photos near a position, nearest first (permission ${HISTORY})`,
        description:
          'From Mapillary when FROTA_MAPILLARY_TOKEN is set; otherwise (or when Mapillary fails) an empty list.',
        querystring: mapillaryQuerySchema,
        response: { 200: mapillaryAnswerSchema },
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      assertPermission(scope, HISTORY);
      const q = req.query as z.infer<typeof mapillaryQuerySchema>;
      if (q.deviceId !== undefined && !(await canSee(services.db, scope, 'devices', q.deviceId)))
        throw notFound();
      return streetPhotos(
        { token: services.config.mapillaryToken, baseUrl: services.config.mapillaryUrl, log: req.log },
        q.lat,
        q.lon,
      );
    },
  );
}
