/**
 * `node --import tsx bench/src/webMap.ts [-- --vehicles 10000 --seconds 10]`
 *
 * The online map with a large fleet in headless Chromium: a real server in this process (SQLite in a
 * temporary folder) serving a production build of the web app, N devices with positions written into
 * its database, the administrator's browser on `/`. Measures the map's frame rate (frames it draws a
 * second) while the mouse drags and wheels over it (zooms where the 10,000 show as dots) and while it drags
 * a crowded view three zoom steps in from the fleet's fit, several hundred vehicles drawn as icons
 * (crowdedFps); the main-thread time to apply a live flush carrying a new position for every vehicle
 * (sent through the real OsmAnd port): the flush timer folding the messages plus the whole task rendering
 * them (flushMs), the render's part up to the screen's effects (flushRenderMs), and the map applying them
 * in the next animation frame, a task of its own (flushMapMs); and blank rows while the panel scrolls.
 * Prints one JSON line. `--profile FILE` also writes the page's CPU profile of three more full flushes,
 * `--trace FILE` the trace of one (DevTools, Performance panel, for both), `--pan-profile FILE` the page's
 * CPU profile of one more drag-and-wheel run over the 10,000. A profile comes with `FILE.txt`: its busy time
 * by function, named after the web app's sources (the app is then built with source maps, in a folder of
 * its own).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { CDPSession, Page } from 'playwright-core';
import { ensureWebBuild } from '../../e2e/src/webBuild';
import { mapsIn, profileText, summarizeProfile, type CpuProfile } from '../../tools/src/profileSummary';
import { launchBenchBrowser, startBenchServer } from './benchWeb';
import { reportRound, seedFleet, type BenchVehicle } from './webMapFleet';
import {
  countFrames,
  countMapFrames,
  flushMeasures,
  scrollForBlankRows,
  watchLongTasks,
  type FlushMeasure,
} from './webMapProbes';

const ADMIN_EMAIL = 'admin@frota.local';
const ADMIN_PASSWORD = 'bench';
const FLUSH_MEASURE = 'frota:live-flush';

const { values: args } = parseArgs({
  options: {
    vehicles: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '10' },
    profile: { type: 'string' },
    'pan-profile': { type: 'string' },
    trace: { type: 'string' },
  },
});
const vehicles = Number(args.vehicles);
const seconds = Number(args.seconds);

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const profiling = Boolean(args.profile || args['pan-profile']);
process.env.E2E_WEB_OUT ??= join(tmpdir(), profiling ? 'frota-bench-web-maps' : 'frota-bench-web');
const webDir = ensureWebBuild(root, { precompress: 'ship', sourcemap: profiling });

/** Starts the page's CPU profiler, sampling every `intervalUs`. */
async function startProfile(page: Page, intervalUs: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
  await cdp.send('Profiler.start');
  return cdp;
}

/** Stops the profiler and writes its profile to `file`, and where its time went to `file.txt`. */
async function writeProfile(cdp: CDPSession, file: string): Promise<void> {
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(file, JSON.stringify(profile));
  const summary = summarizeProfile(profile as CpuProfile, mapsIn(join(webDir, 'assets')), { top: 40 });
  writeFileSync(`${file}.txt`, profileText(summary));
}

/**
 * Frames the map draws a second while `gesture` runs from a point of the map at `across` of its width and
 * half its height for `ms`, first one way (`direction` 1) and then back (-1), in whole pairs: the view
 * ends about where it began (a run cut off halfway left the zoom up to 1.5 steps away, and the empty map's
 * run later started from another view than the fleet's).
 */
async function framesWhile(
  page: Page,
  ms: number,
  across: number,
  gesture: (x: number, y: number, direction: number) => Promise<void>,
): Promise<number> {
  const box = (await page.getByTestId('map-canvas').boundingBox())!;
  const x = box.x + box.width * across;
  const y = box.y + box.height * 0.5;
  const mapFrames = () => page.evaluate(() => (window as unknown as { mapFrames: number }).mapFrames);
  const framesBefore = await mapFrames();
  const started = Date.now();
  while (Date.now() < started + ms) for (const direction of [1, -1]) await gesture(x, y, direction);
  return (((await mapFrames()) - framesBefore) * 1000) / (Date.now() - started);
}

/** A drag with the browser's own input events (as a mouse sends them) from (x, y) by (dx, dy). */
async function drag(page: Page, x: number, y: number, dx: number, dy: number): Promise<void> {
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 20 });
  await page.mouse.up();
}

/**
 * Drags and wheels over the map with the browser's own input events (as a mouse sends them) for `ms`;
 * resolves to the frames the map drew a second meanwhile.
 */
const panAndZoom = (page: Page, ms: number): Promise<number> =>
  framesWhile(page, ms, 0.65, async (x, y, direction) => {
    await drag(page, x, y, 250 * direction, 120 * direction);
    for (let i = 0; i < 4; i++) {
      await page.mouse.wheel(0, -240 * direction);
      await page.waitForTimeout(60);
    }
  });

/** Frames the map draws a second while the mouse drags the view back and forth. */
const dragFps = (page: Page, ms: number): Promise<number> =>
  framesWhile(page, ms, 0.5, (x, y, direction) => drag(page, x, y, 200 * direction, 100 * direction));

/** Zooms the map `steps` steps in (or out, negative) with the keyboard's + and -, each step to its end. */
async function zoomSteps(page: Page, steps: number): Promise<void> {
  const scale = page.locator('.maplibregl-ctrl-scale');
  // the canvas takes the keys (the map's keyboard handler listens around it)
  await page.locator('[data-testid="map-canvas"] canvas').focus();
  for (let i = 0; i < Math.abs(steps); i++) {
    const before = await scale.textContent();
    await page.keyboard.press(steps > 0 ? 'Equal' : 'Minus');
    await page.waitForFunction(
      (text) => document.querySelector('.maplibregl-ctrl-scale')?.textContent !== text,
      before,
    );
    await page.locator('[data-testid="map-canvas"]:not([data-moving])').waitFor();
  }
  await page.waitForTimeout(1500);
}

const newMeasures = (page: Page, before: number): Promise<FlushMeasure[]> =>
  page.evaluate(flushMeasures, FLUSH_MEASURE).then((all) => all.slice(before));

/**
 * Live flushes carrying a new position for every vehicle. The page flushes every 10 s: one report finds
 * the phase, then each round starts right after a flush so it has the whole window to arrive. A round
 * slower than the window straddles two flushes and does not count. Up to `wanted` full flushes are kept.
 */
async function fullFlushes(page: Page, port: number, fleet: BenchVehicle[], wanted: number) {
  const full: Array<FlushMeasure & { sendMs: number }> = [];
  let largest = 0;
  for (let round = 1; round <= wanted + 2 && full.length < wanted; round++) {
    const before = (await page.evaluate(flushMeasures, FLUSH_MEASURE)).length;
    await reportRound(port, fleet.slice(0, 1), round * 100);
    await page.waitForFunction(
      ([name, count]) => performance.getEntriesByName(name as string).length > (count as number),
      [FLUSH_MEASURE, before] as const,
      { timeout: 30_000, polling: 50 },
    );
    const sendMs = await reportRound(port, fleet, round);
    await page.waitForTimeout(Math.max(0, 10_500 - sendMs) + 10_500);
    for (const measure of await newMeasures(page, before + 1)) {
      largest = Math.max(largest, measure.positions);
      if (measure.positions >= fleet.length) full.push({ ...measure, sendMs });
    }
  }
  return { full, largest };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)];
};

/** Median of the map's share of the flushes, applied in the frame after each (null: none measured). */
function mapShare(flushes: FlushMeasure[]): number | null {
  const measured = flushes.flatMap((f) => (f.mapMs === null ? [] : [f.mapMs]));
  return measured.length ? Math.round(median(measured) * 10) / 10 : null;
}

const { dir, server } = await startBenchServer(webDir, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
const browser = await launchBenchBrowser();
try {
  const fleet = await seedFleet(server.services.db, vehicles);
  const base = server.url.replace('[::1]', '127.0.0.1');
  const page = await browser.newPage({ baseURL: base, viewport: { width: 1280, height: 800 } });
  // No internet: online tile layers fail and the offline outline is the base layer, as in the e2e tests.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort('internetdisconnected'));
  // tsx keeps function names with a __name helper; the probes run in the page, which has none.
  await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await page.addInitScript(countMapFrames);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto('/login');
  await page.evaluate(watchLongTasks);
  await page.getByTestId('login-email').fill(ADMIN_EMAIL);
  await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.locator('[data-testid="map-canvas"][data-map-ready="true"]').waitFor({ timeout: 120_000 });
  await page.getByTestId('vehicle-row').first().waitFor({ timeout: 120_000 });
  // Settled: first load done (icons drawn, labels placed, offline tiles given up) when a second runs smoothly.
  let idleFps = 0;
  for (let i = 0; i < 60 && idleFps < 30; i++) idleFps = await page.evaluate(countFrames, 1000);
  // Three zoom steps in from the fleet's fit, and back to it (the drag ends where it began).
  await zoomSteps(page, 3);
  const crowdedFps = await dragFps(page, seconds * 1000);
  await zoomSteps(page, -3);
  const fps = await panAndZoom(page, seconds * 1000);
  if (args['pan-profile']) {
    const cdp = await startProfile(page, 200);
    await panAndZoom(page, seconds * 1000);
    await writeProfile(cdp, args['pan-profile']);
  }
  const scroll = await page.evaluate(scrollForBlankRows, { step: 400, frames: 120 });
  // Five flushes: a major collection of the page's heap lands in about one flush in four and can double it,
  // so the median of five tells the usual flush and the list shows the unlucky ones.
  const flushes = await fullFlushes(page, server.osmand!.port, fleet, 5);
  const durations = flushes.full.map((f) => f.taskMs);
  if (args.profile) {
    const cdp = await startProfile(page, 100);
    await fullFlushes(page, server.osmand!.port, fleet, 3);
    await writeProfile(cdp, args.profile);
  }
  if (args.trace) {
    await browser.startTracing(page, {
      path: args.trace,
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'gpu', 'cc'],
    });
    await fullFlushes(page, server.osmand!.port, fleet, 1);
    await browser.stopTracing();
  }

  // The same map with no vehicle listed (a search matching none): what this machine allows at all.
  await page.getByTestId('vehicle-search').fill('no vehicle matches this');
  await page.getByTestId('vehicle-list-empty').waitFor();
  await page.waitForTimeout(1500);
  const emptyMapFps = await panAndZoom(page, seconds * 1000);
  await page.getByTestId('vehicle-search').fill('');
  // Zoomed in on one vehicle (a row click flies to zoom 15): icons and labels of the few in view, with
  // the rest of the 10,000 still moving out of sight.
  await page.getByTestId('vehicle-row').first().click();
  await page.getByTestId('vehicle-popup').waitFor();
  await page.waitForTimeout(3000);
  const zoomed = await fullFlushes(page, server.osmand!.port, fleet, 3);
  const zoomedDurations = zoomed.full.map((f) => f.taskMs);

  const round = (n: number) => Math.round(n * 10) / 10;
  console.log(
    JSON.stringify({
      bench: 'webMap',
      vehicles,
      fps: round(fps),
      flushMs: durations.length ? round(median(durations)) : null,
      blankRows: scroll.blankRows,
      emptyMapFps: round(emptyMapFps),
      crowdedFps: round(crowdedFps),
      idleFps: round(idleFps),
      flushMsAll: durations.map(round),
      zoomedFlushMs: zoomedDurations.length ? round(median(zoomedDurations)) : null,
      zoomedFlushMsAll: zoomedDurations.map(round),
      flushPositions: flushes.full.length ? vehicles : flushes.largest,
      flushRenderMs: flushes.full.length ? round(median(flushes.full.map((f) => f.renderMs))) : null,
      flushMapMs: mapShare(flushes.full),
      reportRoundMs: flushes.full.length ? median(flushes.full.map((f) => f.sendMs)) : null,
      scrolledPx: scroll.scrolled,
      ...(errors.length ? { errors: errors.slice(0, 3) } : {}),
    }),
  );
} finally {
  await browser.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
