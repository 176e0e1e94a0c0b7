import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const newest = (path: string): number => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
};

/** Builds web/dist when it is missing or older than the web sources. */
export function ensureWebBuild(root: string): void {
  const web = join(root, 'web');
  const built = newest(join(web, 'dist', 'index.html'));
  const sources = Math.max(
    newest(join(web, 'src')),
    newest(join(web, 'public')),
    newest(join(web, 'index.html')),
    newest(join(web, 'vite.config.ts')),
  );
  if (built > 0 && built >= sources) return;
  console.log('e2e: building web/dist');
  const run = spawnSync('npm', ['run', 'build', '-w', '@frota/web'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('e2e: the web build failed');
}
