/** Server information and the version file the web client polls (document 1 §7). */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services/context';
import { LANGUAGES, MAP_DEFAULTS } from '../services/serverSettings';

export function serverInfoRoutes(app: FastifyInstance, services: Services) {
  const { config } = services;
  app.get(
    '/api/server',
    { schema: { tags: ['server'], summary: 'Server information and map defaults' } },
    async () => ({
      id: 1,
      version: config.version,
      registration: false,
      readonly: false,
      deviceReadonly: false,
      limitCommands: false,
      map: 'road',
      latitude: MAP_DEFAULTS.latitude,
      longitude: MAP_DEFAULTS.longitude,
      zoom: MAP_DEFAULTS.zoom,
      twelveHourFormat: false,
      coordinateFormat: 'dd',
      languages: LANGUAGES,
      attributes: {
        defaultLanguage: 'pt',
        defaultTimezone: 'Africa/Luanda',
        minZoom: MAP_DEFAULTS.minZoom,
        maxZoom: MAP_DEFAULTS.maxZoom,
        focusZoom: MAP_DEFAULTS.focusZoom,
        geocoder: config.geocoderUrl ? 'nominatim' : 'offline',
        mail: services.mailer.enabled,
      },
    }),
  );

  app.get('/meta.json', { schema: { tags: ['server'], summary: 'Version check' } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { version: config.version };
  });
}
