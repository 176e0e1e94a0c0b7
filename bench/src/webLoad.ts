/**
 * `node --import tsx bench/src/webLoad.ts [-- --vehicles 25 --runs 3]`
 *
 * A phone over 4G: headless Chromium with the network throttled through the DevTools protocol (1.6 Mbit/s
 * down, 750 kbit/s up, 150 ms round trip) and a phone's screen, against a real server (SQLite in a
 * temporary folder) serving the production build, with N vehicles. Cold load (empty cache): time to the
 * login page, then from the login click to the first map frame with the fleet listed (the credentials typed
 * as a person types them, `--typing` ms a key: the map loads meanwhile, as it does for a person). Warm load (the same
 * browser again, service worker and cache in place, still logged in): time to the first map frame. Medians
 * of the runs; prints one JSON line.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { ensureWebBuild } from '../../e2e/src/webBuild';
import { launchBenchBrowser, startBenchServer } from './benchWeb';
import { seedFleet } from './webMapFleet';
import { countMapFrames } from './webMapProbes';

const ADMIN_EMAIL = 'admin@frota.local';
const ADMIN_PASSWORD = 'bench';
const FOUR_G = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };

const { values: args } = parseArgs({
  options: {
    vehicles: { type: 'string', default: '25' },
    runs: { type: 'string', default: '3' },
    typing: { type: 'string', default: '100' },
    dist: { type: 'string' },
  },
});
const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
process.env.E2E_WEB_OUT ??= join(tmpdir(), 'frota-bench-web');
const webDir = args.dist ? resolve(args.dist) : ensureWebBuild(root, { precompress: 'ship' });

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

async function throttled(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FOUR_G);
  // No internet: online tile layers fail at once and the offline outline is the base layer.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort('internetdisconnected'));
  await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await page.addInitScript(countMapFrames);
  return page;
}

async function firstMapFrame(page: Page): Promise<void> {
  await page.getByTestId('vehicle-row').first().waitFor({ timeout: 120_000 });
  await page.waitForFunction(() => (window as unknown as { mapFrames: number }).mapFrames > 0, null, {
    timeout: 120_000,
  });
}

const { dir, server } = await startBenchServer(webDir, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
const browser = await launchBenchBrowser();
try {
  await seedFleet(server.services.db, Number(args.vehicles));
  const base = server.url.replace('[::1]', '127.0.0.1');
  const cold = { loginMs: [] as number[], mapAfterLoginMs: [] as number[] };
  const warm = { fleetMs: [] as number[], mapMs: [] as number[] };
  for (let run = 0; run < Number(args.runs); run++) {
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: 412, height: 915 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    let page = await throttled(context);
    let started = Date.now();
    await page.goto('/login');
    await page.getByTestId('login-submit').waitFor();
    cold.loginMs.push(Date.now() - started);
    const typing = { delay: Number(args.typing) };
    await page.getByTestId('login-email').pressSequentially(ADMIN_EMAIL, typing);
    await page.getByTestId('login-password').pressSequentially(ADMIN_PASSWORD, typing);
    started = Date.now();
    await page.getByTestId('login-submit').click();
    await firstMapFrame(page);
    cold.mapAfterLoginMs.push(Date.now() - started);
    // let the service worker finish its precache before the second visit
    await page.evaluate(() => navigator.serviceWorker?.ready.then(() => undefined));
    // a person looks at the map a few seconds: the app keeps the fleet for the next visit meanwhile
    await page.waitForTimeout(3500);
    await page.close({ runBeforeUnload: true });
    page = await throttled(context);
    started = Date.now();
    await page.goto('/');
    // the fleet list (from the last visit's snapshot, then refreshed), then the map's first frame
    await page.getByTestId('vehicle-row').first().waitFor({ timeout: 120_000 });
    warm.fleetMs.push(Date.now() - started);
    await firstMapFrame(page);
    warm.mapMs.push(Date.now() - started);
    await context.close();
  }
  console.log(
    JSON.stringify({
      bench: 'webLoad',
      network: '4G 1.6 Mbit/s 150 ms',
      vehicles: Number(args.vehicles),
      runs: Number(args.runs),
      typingMsPerKey: Number(args.typing),
      coldLoginMs: median(cold.loginMs),
      coldMapAfterLoginMs: median(cold.mapAfterLoginMs),
      coldTotalMs: median(cold.loginMs) + median(cold.mapAfterLoginMs),
      warmFleetMs: median(warm.fleetMs),
      warmMapMs: median(warm.mapMs),
    }),
  );
} finally {
  await browser.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
