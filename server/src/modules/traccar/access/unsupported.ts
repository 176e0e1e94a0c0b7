/**
 * Traccar operations this server deliberately leaves out answer 501 with the reason, so a client shows a
 * clear message instead of a 404: orders, video streams, server file uploads and JVM maintenance, TOTP and
 * OpenID sign-in.
 */
import type { FastifyInstance } from 'fastify';

interface Left {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  reason: string;
}

const ORDERS = 'Encomendas não são suportadas neste servidor (orders are not supported)';
const STREAM =
  'Vídeo em directo não é suportado; use os ficheiros das câmaras (live video streams are not supported)';

export const LEFT_OUT: Left[] = [
  { method: 'GET', url: '/api/orders', reason: ORDERS },
  { method: 'POST', url: '/api/orders', reason: ORDERS },
  { method: 'GET', url: '/api/orders/:id', reason: ORDERS },
  { method: 'PUT', url: '/api/orders/:id', reason: ORDERS },
  { method: 'DELETE', url: '/api/orders/:id', reason: ORDERS },
  { method: 'GET', url: '/api/stream/:deviceId/:channel/live.m3u8', reason: STREAM },
  { method: 'GET', url: '/api/stream/:deviceId/:channel/:index.ts', reason: STREAM },
  {
    method: 'POST',
    url: '/api/server/file/:path',
    reason: 'Carregar ficheiros para o servidor web não é suportado (web file upload is not supported)',
  },
  {
    method: 'GET',
    url: '/api/server/gc',
    reason: 'Não aplicável: o servidor não corre numa JVM (garbage collection is not applicable)',
  },
  {
    method: 'GET',
    url: '/api/server/cache',
    reason: 'Não aplicável: não há cache de objectos a mostrar (object cache dump is not applicable)',
  },
  {
    method: 'POST',
    url: '/api/server/reboot',
    reason:
      'Reiniciar o servidor pela API não é suportado; use o gestor de serviços (reboot is not supported)',
  },
  {
    method: 'POST',
    url: '/api/users/totp',
    reason: 'Palavras-passe de uso único (TOTP) não são suportadas (one-time passwords are not supported)',
  },
  {
    method: 'GET',
    url: '/api/session/openid/auth',
    reason: 'Início de sessão OpenID não é suportado (OpenID is not enabled)',
  },
  {
    method: 'GET',
    url: '/api/session/openid/callback',
    reason: 'Início de sessão OpenID não é suportado (OpenID is not enabled)',
  },
];

export function unsupportedRoutes(app: FastifyInstance): void {
  // encapsulated: any body is accepted (and ignored) on these routes only
  void app.register(async (scoped) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('*', (_req, payload, done) => {
      payload.resume();
      payload.on('end', () => done(null, undefined));
      payload.on('error', (err) => done(err, undefined));
    });
    for (const { method, url, reason } of LEFT_OUT)
      scoped.route({
        method,
        url,
        schema: { tags: ['not supported'], summary: `501: ${reason}` },
        handler: async (_req, reply) => reply.code(501).type('text/plain; charset=utf-8').send(reason),
      });
  });
}
