/**
 * Precompressed copies of every text asset, built once and served by content negotiation: brotli at its
 * best quality, and gzip for browsers without brotli (shipGzip.ts: Zopfli for the application's code).
 * The test suite's build (`fast`, shipGzip.ts) uses brotli's quality 5 and zlib's level 9: the same files,
 * a little larger, in a fraction of the time.
 */
import { constants } from 'node:zlib';
import type { PluginOption } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { precompressLevel, shipGzip } from './shipGzip';

const CODE = /\.(css|js)$/;
const OTHER_TEXT = /\.(html|mjs|json|svg|webmanifest|txt)$/;

const common = { threshold: 1024, logLevel: 'silent' } as const;

export const precompress = (): PluginOption[] => {
  const fast = precompressLevel() === 'fast';
  return [
    compression({
      ...common,
      include: CODE,
      algorithms: [fast ? defineAlgorithm('gzip', { level: 9 }) : defineAlgorithm(shipGzip, {})],
      filename: '[path][base].gz',
    }),
    compression({ ...common, include: OTHER_TEXT, algorithms: [defineAlgorithm('gzip', { level: 9 })] }),
    compression({
      ...common,
      include: [CODE, OTHER_TEXT],
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: fast ? 5 : 11 } }),
      ],
    }),
  ];
};
