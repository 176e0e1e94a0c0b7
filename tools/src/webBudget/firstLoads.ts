/**
 * What each route of the built web app needs before it can show: the files its first load fetches, read
 * from Vite's build manifest (`.vite/manifest.json`), with their raw, gzip and brotli sizes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { shipGzip } from '../../../web/build/shipGzip';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export const readManifest = (dist: string): Manifest =>
  JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;

/** Source modules (manifest keys) whose chunks a route loads on top of the entry. */
const SHELL = 'src/app/LoggedInApp.tsx';
const PORTUGUESE = 'src/i18n/languages/pt.ts';
export const ROUTE_MODULES: Record<string, string[]> = {
  login: [],
  onlineMap: [SHELL, PORTUGUESE, 'src/live/pages.ts'],
  reports: [SHELL, PORTUGUESE, 'src/reports/pages.ts'],
  settings: [SHELL, PORTUGUESE, 'src/settings/pages.ts'],
};

/** Files the map's own worker fetches as the map starts. */
const MAP_WORKER = 'maplibre-gl-worker';

function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!key) throw new Error('web build manifest: no entry');
  return key;
}

/** Every file (JS and CSS) that loading `keys` brings in: their chunks and static imports, transitively. */
export function filesOf(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`web build manifest: no chunk for ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files];
}

/** The JS and CSS files a route's first load needs (the map's worker included for the online map). */
export function routeFiles(manifest: Manifest, route: string): string[] {
  const files = filesOf(manifest, [entryKey(manifest), ...ROUTE_MODULES[route]]);
  if (route === 'onlineMap') {
    const worker = Object.values(manifest).find((chunk) => chunk.file.includes(MAP_WORKER));
    if (worker) files.push(worker.file);
  }
  return files;
}

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

const sizeCache = new Map<string, Sizes>();

/**
 * A quick test build (e2e/src/webBuild.ts, `fast`) compresses its gzip copies less hard than a shipped one:
 * before weighing its `files`, this measures their gzip sizes as the shipped build makes them (shipGzip).
 */
export async function measureAsShipped(dist: string, files: string[]): Promise<void> {
  for (const file of new Set(files)) {
    const path = join(dist, file);
    const body = readFileSync(path);
    const sizes = fileSizes(dist, file);
    sizeCache.set(path, { ...sizes, gzip: (await shipGzip(body)).length });
  }
}

/** Sizes as the server sends them: the build's own .gz and .br files when present, else compressed here. */
export function fileSizes(dist: string, file: string): Sizes {
  const path = join(dist, file);
  let sizes = sizeCache.get(path);
  if (!sizes) {
    const body = readFileSync(path);
    const precompressed = (ext: string) => {
      try {
        return readFileSync(`${path}.${ext}`).length;
      } catch {
        return undefined;
      }
    };
    sizes = {
      raw: body.length,
      gzip: precompressed('gz') ?? gzipSync(body, { level: 9 }).length,
      brotli:
        precompressed('br') ??
        brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    sizeCache.set(path, sizes);
  }
  return sizes;
}

export function totalSizes(dist: string, files: string[]): Sizes {
  return files
    .map((file) => fileSizes(dist, file))
    .reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip, brotli: sum.brotli + s.brotli }), {
      raw: 0,
      gzip: 0,
      brotli: 0,
    });
}

/** Application chunks (JS) with their raw size, MapLibre's own files set apart. */
export function appChunks(manifest: Manifest, dist: string): Array<{ file: string; raw: number }> {
  const files = new Set(Object.values(manifest).map((chunk) => chunk.file));
  return [...files]
    .filter((file) => /\.m?js$/.test(file) && !file.includes('maplibre-gl'))
    .map((file) => ({ file, raw: fileSizes(dist, file).raw }));
}

/** MapLibre's own files (its main chunk, its CSS, its worker): measured apart from the application's code. */
export const isMapLibreFile = (file: string): boolean => file.includes('maplibre-gl');
