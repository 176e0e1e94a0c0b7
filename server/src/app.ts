/** Builds the Fastify application: plugins, error handling, every route, the web app. */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import websocket from '@fastify/websocket';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  hasZodFastifySchemaValidationErrors,
} from 'fastify-type-provider-zod';
import type { Services } from './services/context';
import { HttpError } from './errors';
import { sessionRoutes } from './api/session';
import { passwordRoutes } from './api/password';
import { serverInfoRoutes } from './api/serverInfo';
import { entityRoutes } from './api/entities';
import { permissionRoutes } from './api/permissions';
import { positionRoutes } from './api/positions';
import { reportApiRoutes } from './api/reportApi';
import { socketRoutes } from './api/socket';
import { commandRoutes } from './api/commands';
import { settingsRoutes } from './api/settings';
import { reportRoutes } from './reports/routes';
import type { ServerModule } from './manifest/serverModule';
import { SERVER_MODULES } from './moduleList';
import { registerCompression } from './edge/compression';
import { registerSecurityHeaders } from './edge/securityHeaders';
import { registerWebApp } from './edge/webApp';
import { registerOriginCheck } from './auth/originCheck';

const hideSecrets = (url: string) => url.replace(/([?&](token|session|password)=)[^&]*/gi, '$1***');

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: hideSecrets(req.url),
        ip: req.ip,
      }),
    },
  };
}

export async function buildApp(
  services: Services,
  options: {
    logger?: FastifyServerOptions['logger'];
    /** the modules whose routes the app serves (moduleList.ts); a test may add one */
    modules?: readonly ServerModule[];
  } = {},
): Promise<FastifyInstance> {
  const modules = options.modules ?? SERVER_MODULES;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: services.config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await registerSecurityHeaders(app);
  await registerCompression(app);
  await app.register(cookie);
  await app.register(formbody);
  await app.register(websocket);
  // after the websocket plugin: its hooks mark upgrades, so a refused upgrade's socket is closed
  registerOriginCheck(app, services.config.publicUrl);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Frota API',
        description: 'Fleet GPS tracking platform (Traccar-compatible /api)',
        version: services.config.version,
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The docs page's inline start-up script is allowed by its hash, added to the policy on its pages.
    // Swagger UI sets inline styles as it draws (as MUI does in the app), so styles may be inline there too.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .replace(/style-src ([^;]*)/, (directive, sources: string) =>
          sources.includes("'unsafe-inline'") ? directive : `style-src ${sources} 'unsafe-inline'`,
        ),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  app.setErrorHandler((err, req, reply) => {
    let status = 500;
    let message = 'Internal server error';
    if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      const first = err.validation[0];
      message = `${first.instancePath.replace(/^\//, '') || err.validationContext || 'input'}: ${first.message}`;
    } else if (err instanceof HttpError) {
      status = err.statusCode;
      message = err.message;
    } else if (
      (err as { statusCode?: number }).statusCode &&
      (err as { statusCode: number }).statusCode < 500
    ) {
      status = (err as { statusCode: number }).statusCode;
      message = (err as Error).message;
    } else {
      req.log.error({ err }, 'request failed');
    }
    reply.code(status).type('text/plain; charset=utf-8').send(message);
  });

  sessionRoutes(app, services);
  passwordRoutes(app, services);
  serverInfoRoutes(app, services);
  entityRoutes(app, services);
  permissionRoutes(app, services);
  positionRoutes(app, services);
  reportApiRoutes(app, services);
  socketRoutes(app, services);
  commandRoutes(app, services);
  settingsRoutes(app, services);
  reportRoutes(app, services);
  for (const module of modules) module.routes?.(app, services);

  await registerWebApp(app, services.config.webDir);
  return app;
}
