/**
 * `npm run screens [-- --out screens --langs pt,en,ar --sizes desktop,phone --user gestor@frota.local
 * --only /replay,/events --base http://127.0.0.1:8082]`
 *
 * Screenshots as evidence (issue 36): every route of the web app at a desktop (1440×900) and a phone
 * (390×844) size in each language, signed in as the demo's fleet manager, written as
 * `<out>/<lang>-<size>/<route>.png`. Without `--base` it builds the web app when needed, seeds a demo
 * database (a week of history) in a temporary folder and runs a server for the run; with it, it
 * photographs that server (a running `npm run demo`). Prints one JSON line: pages, PNGs, page errors.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { freeDevicePorts, loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/database';
import { startServer } from '../../server/src/server';
import { ensureWebBuild } from './webBuild';
import { ROUTES } from '../../web/src/app/areas';
import { DEMO_PASSWORD, seedDemoDatabase } from '../../tools/src/seedDemo';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
type SizeName = keyof typeof SIZES;

const { values: args } = parseArgs({
  options: {
    out: { type: 'string', default: 'screens' },
    langs: { type: 'string', default: 'pt,en,ar' },
    sizes: { type: 'string', default: 'desktop,phone' },
    user: { type: 'string', default: 'gestor@frota.local' },
    password: { type: 'string', default: DEMO_PASSWORD },
    only: { type: 'string' },
    base: { type: 'string' },
  },
});
const langs = args.langs.split(',').filter(Boolean);
const sizes = args.sizes.split(',').filter((s): s is SizeName => s in SIZES);
const only = args.only?.split(',').filter(Boolean);
/** The routes without their optional parameter (`/settings/device/:id?` → the empty form of a new one). */
const paths = [...new Set(ROUTES.map((route) => route.path.replace(/\/:[a-z]+\?$/, '')))]
  .filter((path) => !path.includes(':'))
  .filter((path) => !only || only.includes(path));

/**
 * The per-vehicle lists: without a vehicle in the path they send the user to a summary, so each is
 * photographed for a vehicle of the demo (the first the user sees that fits; the forms that follow
 * them take the vehicle their list remembered in the tab, as a user's would).
 */
const VEHICLE_LISTS: Record<string, (device: ScreenDevice) => boolean> = {
  '/management/maintenances': () => true,
  '/management/settings': () => true,
  '/management/costs': () => true,
  '/management/documents': () => true,
  '/management/refills': () => true,
  '/settings/camera_images': (device) => Boolean(Number(device.attributes?.has_camera)),
};

interface ScreenDevice {
  id: number;
  attributes?: Record<string, unknown>;
}

/** The address to open for a route: a per-vehicle list's with its vehicle's id. */
function addressOf(path: string, devices: readonly ScreenDevice[]): string {
  const fits = VEHICLE_LISTS[path];
  const device = fits && devices.find(fits);
  return device ? `${path}/${device.id}` : path;
}

/** A file name for a route: `/` → `live`, `/settings/devices` → `settings-devices`. */
const fileOf = (path: string) => path.replace(/^\//, '').replace(/\//g, '-') || 'live';

async function serve(): Promise<{ base: string; stop: () => Promise<void> }> {
  if (args.base) return { base: args.base.replace(/\/$/, ''), stop: async () => undefined };
  const webDir = ensureWebBuild(root);
  const dir = mkdtempSync(join(tmpdir(), 'frota-screens-'));
  const config = loadConfig({
    FROTA_PORT: '0',
    FROTA_HOST: '127.0.0.1',
    FROTA_DATA_DIR: dir,
    ...freeDevicePorts(),
    FROTA_LOG_LEVEL: 'warn',
    FROTA_WEB_DIR: webDir,
  });
  const db = openDatabase({ kind: 'sqlite', file: join(dir, 'frota.db') });
  await seedDemoDatabase(config, db);
  const server = await startServer(config, { db });
  return {
    base: server.url.replace('[::1]', '127.0.0.1'),
    stop: async () => {
      await server.stop();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function signIn(page: Page, base: string, lang: string): Promise<ScreenDevice[]> {
  const res = await page.request.post(`${base}/api/session`, {
    form: { email: args.user, password: args.password },
  });
  if (!res.ok()) throw new Error(`${args.user} could not sign in: ${res.status()}`);
  const user = (await res.json()) as { id: number; attributes?: Record<string, unknown> };
  // the language is the user's own setting: set it as the user would in the interface settings
  const put = await page.request.put(`${base}/api/users/${user.id}`, {
    data: { ...user, attributes: { ...user.attributes, language: lang } },
    headers: { origin: base },
  });
  if (!put.ok()) throw new Error(`the language could not be set: ${put.status()} ${await put.text()}`);
  const devices = await page.request.get(`${base}/api/devices`);
  if (!devices.ok()) throw new Error(`the vehicles could not be listed: ${devices.status()}`);
  return ((await devices.json()) as ScreenDevice[]).sort((a, b) => a.id - b.id);
}

async function photograph(browser: Browser, base: string, lang: string, size: SizeName, errors: string[]) {
  const context = await browser.newContext({ viewport: SIZES[size], serviceWorkers: 'block' });
  // no tiles from the internet: the offline outline is the base layer, as on a machine without network
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) =>
    route.abort('internetdisconnected'),
  );
  let devices: ScreenDevice[] = [];
  const open = async () => {
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(`${lang} ${size} ${page.url()}: ${error.message}`));
    devices = await signIn(page, base, lang);
    return page;
  };
  let page = await open();
  const folder = join(args.out, `${lang}-${size}`);
  mkdirSync(folder, { recursive: true });
  for (const path of paths) {
    try {
      await page.goto(`${base}${addressOf(path, devices)}`);
      // the screen is drawn once no progress indicator is left (the live socket keeps the network busy, so
      // "network idle" never comes) and two frames have been painted; asked twice, 400 ms apart, as a screen
      // that sends the user on (a form with no vehicle to its summary) shows a spinner only after its first
      // empty frame
      for (let settled = 0; settled < 2; settled++) {
        await page
          .waitForFunction(
            () => !document.querySelector('[role="progressbar"], .MuiSkeleton-root'),
            undefined,
            { timeout: 10_000 },
          )
          .catch(() => undefined);
        if (settled === 0) await page.waitForTimeout(400);
      }
      // a map is drawn once it is idle: its layers loaded, its camera still
      await page
        .waitForFunction(
          () => {
            const map = document.querySelector('[data-testid="map-canvas"]');
            return !map || (map.hasAttribute('data-idle') && !map.hasAttribute('data-moving'));
          },
          undefined,
          { timeout: 10_000 },
        )
        .catch(() => undefined);
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
      );
      await page.screenshot({ path: join(folder, `${fileOf(path)}.png`) });
    } catch (error) {
      // a screen that closed or crashed its page is a finding too; the next one gets a fresh page
      errors.push(`${lang} ${size} ${path}: ${(error as Error).message.split('\n')[0]}`);
      if (page.isClosed()) page = await open();
    }
  }
  await context.close();
}

const { base, stop } = await serve();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const errors: string[] = [];
const started = Date.now();
try {
  for (const lang of langs) for (const size of sizes) await photograph(browser, base, lang, size, errors);
} finally {
  await browser.close();
  await stop();
}
console.log(
  JSON.stringify({
    screens: 'screens',
    out: args.out,
    routes: paths.length,
    pngs: paths.length * langs.length * sizes.length,
    seconds: Math.round((Date.now() - started) / 1000),
    pageErrors: errors,
  }),
);
if (errors.length) process.exitCode = 1;
