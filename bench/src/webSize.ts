/**
 * `node --import tsx bench/src/webSize.ts [-- --dist web/dist]`
 *
 * The web app's first load per route, read from the production build's manifest: the JS and CSS bytes the
 * login page, the online map, the reports and the settings need (raw, gzip and brotli as the server sends
 * them), the number of files, and the largest application chunk. Builds web/dist when it is stale (or
 * E2E_WEB_OUT). Prints one JSON line.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureWebBuild } from '../../e2e/src/webBuild';
import {
  appChunks,
  readManifest,
  ROUTE_MODULES,
  routeFiles,
  totalSizes,
} from '../../tools/src/webBudget/firstLoads';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const { values: args } = parseArgs({ options: { dist: { type: 'string' } } });
const dist = args.dist ? resolve(args.dist) : ensureWebBuild(root, { precompress: 'ship' });
const manifest = readManifest(dist);

const routes = Object.fromEntries(
  Object.keys(ROUTE_MODULES).map((route) => {
    const files = routeFiles(manifest, route);
    return [route, { files: files.length, ...totalSizes(dist, files) }];
  }),
);
const largest = appChunks(manifest, dist).sort((a, b) => b.raw - a.raw)[0];
console.log(JSON.stringify({ bench: 'webSize', routes, largestAppChunk: largest }));
