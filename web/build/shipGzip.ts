/**
 * The gzip copy of a text asset as a shipped build makes it: the application's code (JS and CSS up to
 * 512 KB, what every first load needs) by Zopfli, the same format a few per cent smaller; everything else
 * by zlib's best level, where Zopfli would take seconds per file. Used by the build (precompress.ts) and by
 * the size budgets, which measure a quick test build as the shipped one would be.
 */
import { gzip, type InputType } from 'node:zlib';
import { promisify } from 'node:util';
import { gzipAsync } from '@gfx/zopfli';

export const ZOPFLI_MAX_BYTES = 512 * 1024;
const zlibGzip = promisify(gzip);

export async function shipGzip(input: InputType): Promise<Buffer> {
  const buffer = Buffer.from(input as Buffer);
  if (buffer.length > ZOPFLI_MAX_BYTES) return zlibGzip(buffer, { level: 9 });
  return Buffer.from(await gzipAsync(buffer, { numiterations: 5 }));
}

/**
 * How hard the build compresses: `ship` (the default, what `npm start` and a release build) or `fast`
 * (FROTA_WEB_PRECOMPRESS=fast: the test suite's build, the same files compressed in under a second
 * instead of about 25 s on two cores; the budgets then measure gzip sizes with shipGzip).
 */
export type PrecompressLevel = 'ship' | 'fast';
export const precompressLevel = (): PrecompressLevel =>
  process.env.FROTA_WEB_PRECOMPRESS === 'fast' ? 'fast' : 'ship';
