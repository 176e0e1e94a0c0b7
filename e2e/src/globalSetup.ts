import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import type { E2eContext } from './context';
import { startServer } from './serverProcess';
import { ensureWebBuild } from './webBuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Browser tests need Chromium: without it they are skipped with the reason printed, except when CI=true,
 * where a missing browser fails the run. With it: build web/dist if stale, start the real server.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const context: E2eContext = {
    skipReason: null,
    baseUrl: '',
    teltonikaPort: 0,
    osmandPort: 0,
    dataDir: '',
    chromium,
    adminEmail: 'admin@frota.local',
    adminPassword: `e2e-${Math.random().toString(36).slice(2)}`,
  };
  if (!existsSync(chromium)) {
    if (process.env.CI === 'true')
      throw new Error(`e2e: no Chromium at ${chromium} (CI=true requires the browser tests)`);
    context.skipReason = `no Chromium at ${chromium} (install chromium or set CHROMIUM_PATH)`;
    console.warn(`e2e: browser tests skipped: ${context.skipReason}`);
    project.provide('e2e', context);
    return async () => undefined;
  }
  const webDir = ensureWebBuild(root);
  const server = await startServer(
    root,
    { email: context.adminEmail, password: context.adminPassword },
    webDir,
  );
  context.baseUrl = server.baseUrl;
  context.teltonikaPort = server.teltonikaPort;
  context.osmandPort = server.osmandPort;
  context.dataDir = server.dataDir;
  project.provide('e2e', context);
  return server.stop;
}
