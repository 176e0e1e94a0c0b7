import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startSmtpCapture, type SmtpCapture } from '../../server/test/smtpCapture';
import { chromiumArgs } from './chromiumArgs';
import type { E2eRun } from './context';
import { startServer, type RunningServer } from './serverProcess';
import { ensureWebBuild } from './webBuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Browser tests need Chromium: without it they are skipped with the reason printed, except when CI=true,
 * where a missing browser fails the run. With it: build web/dist once if stale, then start one real server
 * and one Chromium per Vitest worker, so that test files running side by side never share a server, and a
 * file pays neither a server start nor a browser start. Each file makes its own users and vehicles.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const run: E2eRun = {
    skipReason: null,
    chromium: executablePath,
    adminEmail: 'admin@frota.local',
    adminPassword: `e2e-${Math.random().toString(36).slice(2)}`,
    workers: [],
  };
  if (!existsSync(executablePath)) {
    if (process.env.CI === 'true')
      throw new Error(`e2e: no Chromium at ${executablePath} (CI=true requires the browser tests)`);
    run.skipReason = `no Chromium at ${executablePath} (install chromium or set CHROMIUM_PATH)`;
    console.warn(`e2e: browser tests skipped: ${run.skipReason}`);
    project.provide('e2eRun', run);
    return async () => undefined;
  }
  const webDir = ensureWebBuild(root);
  const count = Math.max(1, project.config.maxWorkers || project.vitest.config.maxWorkers || 1);
  const servers: RunningServer[] = [];
  const browsers: BrowserServer[] = [];
  // a mail server that accepts everything: the screens' "send by e-mail" say sent only when the server has one
  let smtp: SmtpCapture | undefined;
  const stop = async () => {
    await Promise.allSettled([...browsers.map((b) => b.close()), ...servers.map((s) => s.stop())]);
    await smtp?.close();
  };
  try {
    smtp = await startSmtpCapture();
    const mail = { FROTA_SMTP_URL: smtp.url };
    await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const [server, browser] = await Promise.all([
          startServer(root, { email: run.adminEmail, password: run.adminPassword }, webDir, mail),
          chromium.launchServer({ executablePath, headless: true, args: chromiumArgs() }),
        ]);
        servers.push(server);
        browsers.push(browser);
        run.workers[i] = {
          baseUrl: server.baseUrl,
          teltonikaPort: server.teltonikaPort,
          osmandPort: server.osmandPort,
          dataDir: server.dataDir,
          browserWs: browser.wsEndpoint(),
        };
      }),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide('e2eRun', run);
  return stop;
}
