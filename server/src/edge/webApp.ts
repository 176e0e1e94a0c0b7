/**
 * Serves the built web app: hashed assets cached for a year as immutable, `index.html`, the service worker
 * and the manifest revalidated on every visit (with ETags), each file sent precompressed (brotli or gzip,
 * chosen by Accept-Encoding, with `Vary: Accept-Encoding`). Only navigation routes get the app's page:
 * unknown API, report and asset paths answer 404 with a text message.
 */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+$/;

function cacheHeaders(reply: FastifyReply, path: string): void {
  reply.header('Cache-Control', HASHED_ASSET.test(path) ? IMMUTABLE : REVALIDATE);
  if (basename(path) === 'sw.js') reply.header('Service-Worker-Allowed', '/');
}

/** Paths that are never a screen of the web app: the API, the report calls, files. */
export function isNotAPage(url: string): boolean {
  const path = url.split('?')[0];
  return (
    path === '/api' ||
    path.startsWith('/api/') ||
    /^\/report\/[^/]*\.php(\/|$)/.test(path) ||
    /\/[^/]+\.[a-z0-9]+$/i.test(path)
  );
}

export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const hasWeb = existsSync(join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      etag: true,
      lastModified: true,
      setHeaders: cacheHeaders,
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && hasWeb && !isNotAPage(req.url)) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
