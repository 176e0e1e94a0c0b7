/**
 * The web app's size budgets (issue 15), checked on the production build on every test run: what the login
 * page needs, what the online map adds, and the largest application chunk.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtLevel, ensureWebBuild } from '../../../e2e/src/webBuild';
import {
  appChunks,
  isMapLibreFile,
  measureAsShipped,
  readManifest,
  routeFiles,
  totalSizes,
  type Manifest,
} from './firstLoads';

const KB = 1000;
const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');

describe('web app size budgets', () => {
  let dist: string;
  let manifest: Manifest;
  beforeAll(async () => {
    dist = ensureWebBuild(root);
    manifest = readManifest(dist);
    // the suite's quick build: its first loads are weighed as the shipped build would compress them
    if (builtLevel(dist) === 'fast')
      await measureAsShipped(dist, [...routeFiles(manifest, 'login'), ...routeFiles(manifest, 'onlineMap')]);
  }, 180_000);

  it('loads the login page with at most 150 KB of gzip JS and CSS, and nothing of the map or the areas', () => {
    const files = routeFiles(manifest, 'login');
    expect(totalSizes(dist, files).gzip).toBeLessThanOrEqual(150 * KB);
    expect(files.filter(isMapLibreFile)).toEqual([]);
    const areas = ['src/live/pages.ts', 'src/reports/pages.ts', 'src/settings/pages.ts'].map(
      (k) => manifest[k].file,
    );
    expect(files.filter((file) => areas.includes(file))).toEqual([]);
  });

  it('opens the online map with at most 400 KB of gzip application code on top (MapLibre measured apart)', () => {
    const files = routeFiles(manifest, 'onlineMap');
    expect(files.some(isMapLibreFile)).toBe(true);
    expect(
      totalSizes(
        dist,
        files.filter((file) => !isMapLibreFile(file)),
      ).gzip,
    ).toBeLessThanOrEqual(400 * KB);
  });

  // The 400 KB for the login page and the map together cannot hold with a WebGL map: MapLibre GL's
  // own main file, worker and stylesheet are about 451 KB gzip. Its size is capped apart, so that an
  // upgrade or a second copy (its dev build, a duplicated worker) is caught.
  it('loads MapLibre GL (main, worker, stylesheet) for the map with at most 460 KB of gzip', () => {
    const files = routeFiles(manifest, 'onlineMap').filter(isMapLibreFile);
    expect(files.some((file) => file.endsWith('.css'))).toBe(true);
    expect(files.some((file) => file.includes('worker'))).toBe(true);
    expect(totalSizes(dist, files).gzip).toBeLessThanOrEqual(460 * KB);
  });

  it('keeps every application chunk under 500 KB raw', () => {
    const chunks = appChunks(manifest, dist);
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.filter((chunk) => chunk.raw > 500 * KB)).toEqual([]);
  });

  it('builds brotli and gzip copies of the first load', () => {
    const files = routeFiles(manifest, 'login').filter((f) => totalSizes(dist, [f]).raw > 1024);
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      expect(existsSync(join(dist, `${file}.br`)), file).toBe(true);
      expect(existsSync(join(dist, `${file}.gz`)), file).toBe(true);
      const sizes = totalSizes(dist, [file]);
      expect(sizes.brotli, file).toBeLessThan(sizes.raw);
      expect(sizes.gzip, file).toBeLessThan(sizes.raw);
    }
  });
});
