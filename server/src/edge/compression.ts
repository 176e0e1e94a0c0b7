/**
 * Compresses API answers over 1 KB (brotli or gzip, as the client accepts). Files of the web app are
 * already compressed at build time and pass through untouched.
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}
