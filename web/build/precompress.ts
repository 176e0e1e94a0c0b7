/**
 * Precompressed copies of every text asset, built once and served by content negotiation: brotli at its
 * best quality, and gzip for browsers without brotli: the application's code (JS and CSS up to 512 KB,
 * what every first load needs) by Zopfli, the same format a few per cent smaller; everything else by
 * zlib's best level, where Zopfli would take seconds per file.
 */
import { constants, gzip, type InputType } from 'node:zlib';
import { promisify } from 'node:util';
import { gzipAsync } from '@gfx/zopfli';
import type { PluginOption } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const CODE = /\.(css|js)$/;
const OTHER_TEXT = /\.(html|mjs|json|svg|webmanifest|txt)$/;
const ZOPFLI_MAX_BYTES = 512 * 1024;
const zlibGzip = promisify(gzip);

async function codeGzip(input: InputType): Promise<Buffer> {
  const buffer = Buffer.from(input as Buffer);
  if (buffer.length > ZOPFLI_MAX_BYTES) return zlibGzip(buffer, { level: 9 });
  return Buffer.from(await gzipAsync(buffer, { numiterations: 5 }));
}

const common = { threshold: 1024, logLevel: 'silent' } as const;

export const precompress = (): PluginOption[] => [
  compression({
    ...common,
    include: CODE,
    algorithms: [defineAlgorithm(codeGzip, {})],
    filename: '[path][base].gz',
  }),
  compression({ ...common, include: OTHER_TEXT, algorithms: [defineAlgorithm('gzip', { level: 9 })] }),
  compression({
    ...common,
    include: [CODE, OTHER_TEXT],
    algorithms: [defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
  }),
];
