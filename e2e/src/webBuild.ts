import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PrecompressLevel } from '../../web/build/shipGzip';

const newest = (path: string): number => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
};

/** Where a build made here records how hard it compressed (a build made by `vite build` has no record). */
const levelFile = (out: string) => join(out, '.vite', 'frota-precompress.json');

/** How hard the build in `out` compressed its copies: `ship` unless this module built it quickly. */
export function builtLevel(out: string): PrecompressLevel {
  return builtRecord(out).level === 'fast' ? 'fast' : 'ship';
}

function builtRecord(out: string): { level?: string; sourcemap?: boolean } {
  try {
    return JSON.parse(readFileSync(levelFile(out), 'utf8'));
  } catch {
    return {};
  }
}

/**
 * Builds the web app when the build is missing or older than the web sources, and returns its folder:
 * web/dist, or E2E_WEB_OUT (so several people can run browser tests at once without sharing one build).
 * `fast` (the tests) compresses the precompressed copies quickly: the same files, a little larger; `ship`
 * (the benches that weigh or time the downloads) needs a build compressed as released, and rebuilds a fast
 * one. `sourcemap` (a bench's profile) also writes each script's source map beside it, and rebuilds a build
 * without them.
 */
export function ensureWebBuild(
  root: string,
  options: { precompress?: PrecompressLevel; sourcemap?: boolean } = {},
): string {
  const level = options.precompress ?? 'fast';
  const web = join(root, 'web');
  const out = process.env.E2E_WEB_OUT ? resolve(process.env.E2E_WEB_OUT) : join(web, 'dist');
  const built = newest(join(out, 'index.html'));
  const sources = Math.max(
    newest(join(web, 'src')),
    newest(join(web, 'public')),
    newest(join(web, 'index.html')),
    newest(join(web, 'vite.config.ts')),
    newest(join(web, 'build')),
  );
  const enough =
    (level === 'fast' || builtLevel(out) === 'ship') &&
    (!options.sourcemap || builtRecord(out).sourcemap === true);
  if (built > 0 && built >= sources && enough) return out;
  console.log(`web: building ${out}${level === 'fast' ? ' (quick compression)' : ''}`);
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const sourcemap = options.sourcemap ? ['--sourcemap'] : [];
  const run = spawnSync(process.execPath, [vite, 'build', '--outDir', out, '--emptyOutDir', ...sourcemap], {
    cwd: web,
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build: test what ships.
    env: { ...process.env, NODE_ENV: 'production', FROTA_WEB_PRECOMPRESS: level },
  });
  if (run.status !== 0) throw new Error('e2e: the web build failed');
  mkdirSync(join(out, '.vite'), { recursive: true });
  writeFileSync(levelFile(out), JSON.stringify({ level, sourcemap: options.sourcemap === true }));
  return out;
}
