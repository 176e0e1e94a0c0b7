/**
 * GET /api/server/geocode (an address for a point, text, from the server's geocoder: offline, or the
 * configured Nominatim-compatible service) and GET /api/server/timezones (IANA names). GET /api/health is
 * in modules/operations.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../../services/context';
import { requireScope } from '../../../auth/guard';
import { createGeocoder, type ServerGeocoder } from '../../../processing/geocoder';

/** Every IANA zone name the runtime knows, with UTC (which `supportedValuesOf` leaves out). */
export function timezones(): string[] {
  return [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort();
}

export function serverHelperRoutes(app: FastifyInstance, services: Services): void {
  const tags = ['server'];
  // the process-wide offline index is shared with the pipeline's geocoder; only the answer cache is apart
  let geocoder: ServerGeocoder | undefined;
  const lookup = (latitude: number, longitude: number) => {
    geocoder ??= createGeocoder({ url: services.config.geocoderUrl });
    return geocoder.lookup(latitude, longitude);
  };

  app.get(
    '/api/server/geocode',
    {
      schema: {
        tags,
        summary: 'The address of a point (text)',
        querystring: z.object({
          latitude: z.coerce.number().min(-90).max(90),
          longitude: z.coerce.number().min(-180).max(180),
        }),
      },
    },
    async (req, reply) => {
      await requireScope(services, req);
      const { latitude, longitude } = req.query as { latitude: number; longitude: number };
      const address = await lookup(latitude, longitude);
      return reply.type('text/plain; charset=utf-8').send(address ?? '');
    },
  );

  app.get('/api/server/timezones', { schema: { tags, summary: 'IANA timezone names' } }, async (req) => {
    await requireScope(services, req);
    return timezones();
  });
}
