import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const newest = (path: string): number => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
};

/**
 * Builds the web app when the build is missing or older than the web sources, and returns its folder:
 * web/dist, or E2E_WEB_OUT (so several people can run browser tests at once without sharing one build).
 */
export function ensureWebBuild(root: string): string {
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
  if (built > 0 && built >= sources) return out;
  console.log(`e2e: building ${out}`);
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const run = spawnSync(process.execPath, [vite, 'build', '--outDir', out, '--emptyOutDir'], {
    cwd: web,
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build: test what ships.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (run.status !== 0) throw new Error('e2e: the web build failed');
  return out;
}
