/**
 * Server information and the version file the web client polls (document 1 §7); PUT /api/server lets an
 * administrator change the settings Traccar's server page edits that this server honours (map defaults,
 * formats, announcement, attributes). Policy flags we do not implement (registration, readonly,
 * deviceReadonly, limitCommands) always read false and are ignored on write.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services/context';
import { LANGUAGES, MAP_DEFAULTS, readSetting, writeSetting } from '../services/serverSettings';
import { requireScope } from '../auth/guard';
import { badRequest, forbidden } from '../errors';
import { recordAction } from '../auth/audit';

const SETTING = 'server';

/** The stored part of the server object: what PUT /api/server may change. */
const serverSettings = z.object({
  map: z.string().max(128).nullable().optional(),
  mapUrl: z.string().max(1024).nullable().optional(),
  overlayUrl: z.string().max(1024).nullable().optional(),
  poiLayer: z.string().max(1024).nullable().optional(),
  announcement: z.string().max(4096).nullable().optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  zoom: z.number().int().min(0).max(24).optional(),
  twelveHourFormat: z.boolean().optional(),
  coordinateFormat: z.string().max(32).nullable().optional(),
  attributes: z.record(z.string(), z.unknown()).optional(),
});
type ServerSettings = z.infer<typeof serverSettings>;

export function serverInfoRoutes(app: FastifyInstance, services: Services) {
  const { config, db } = services;

  const server = async () => {
    const stored = await readSetting<ServerSettings>(db, SETTING, {});
    return {
      id: 1,
      version: config.version,
      registration: false,
      readonly: false,
      deviceReadonly: false,
      limitCommands: false,
      map: stored.map ?? 'road',
      mapUrl: stored.mapUrl ?? null,
      overlayUrl: stored.overlayUrl ?? null,
      poiLayer: stored.poiLayer ?? null,
      announcement: stored.announcement ?? null,
      latitude: stored.latitude ?? MAP_DEFAULTS.latitude,
      longitude: stored.longitude ?? MAP_DEFAULTS.longitude,
      zoom: stored.zoom ?? MAP_DEFAULTS.zoom,
      twelveHourFormat: stored.twelveHourFormat ?? false,
      coordinateFormat: stored.coordinateFormat ?? 'dd',
      emailEnabled: services.mailer.enabled,
      geocoderEnabled: true,
      openIdEnabled: false,
      openIdForce: false,
      languages: LANGUAGES,
      attributes: {
        ...(stored.attributes ?? {}),
        defaultLanguage: stored.attributes?.defaultLanguage ?? 'pt',
        defaultTimezone: stored.attributes?.defaultTimezone ?? 'Africa/Luanda',
        minZoom: MAP_DEFAULTS.minZoom,
        maxZoom: MAP_DEFAULTS.maxZoom,
        focusZoom: MAP_DEFAULTS.focusZoom,
        geocoder: config.geocoderUrl ? 'nominatim' : 'offline',
        mail: services.mailer.enabled,
      },
    };
  };

  app.get(
    '/api/server',
    { schema: { tags: ['server'], summary: 'Server information and map defaults' } },
    server,
  );

  app.put(
    '/api/server',
    {
      schema: {
        tags: ['server'],
        summary:
          'Change the server settings (administrators): map defaults, formats, announcement, attributes',
        body: z.looseObject({}),
      },
    },
    async (req) => {
      const scope = await requireScope(services, req);
      if (!scope.admin) throw forbidden('Administrator access required');
      // Traccar's client sends the whole server object back: unknown and read-only fields are dropped
      const fields = Object.keys(serverSettings.shape);
      const picked = Object.fromEntries(
        Object.entries(req.body as Record<string, unknown>).filter(([key]) => fields.includes(key)),
      );
      const parsed = serverSettings.safeParse(picked);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        throw badRequest(`${first.path.join('.')}: ${first.message}`);
      }
      const attributes = { ...(parsed.data.attributes ?? {}) };
      // computed on every read from the configuration, never stored
      for (const key of ['minZoom', 'maxZoom', 'focusZoom', 'geocoder', 'mail']) delete attributes[key];
      const current = await readSetting<ServerSettings>(db, SETTING, {});
      await writeSetting(db, SETTING, { ...current, ...parsed.data, attributes });
      await recordAction(db, req, {
        userId: scope.user.id,
        actionType: 'edit',
        objectType: 'server',
        objectId: 1,
      });
      return server();
    },
  );

  app.get('/meta.json', { schema: { tags: ['server'], summary: 'Version check' } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { version: config.version };
  });
}
