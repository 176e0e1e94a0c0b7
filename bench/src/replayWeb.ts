/**
 * `node --import tsx bench/src/replayWeb.ts [-- --days 7]`
 *
 * Route replay in headless Chromium: a real server in this process (SQLite in a temporary folder) serving
 * the production build, one vehicle with a week of positions at 1 Hz (604,800) written into its database.
 * The administrator opens /replay, queries one day and then the week, and the time from the query click to
 * the drawn route is taken on the page's clock (the page sets `data-route-ready` once the map has drawn a
 * frame with the new route), with its parts: the route's answer (from the request to the route whole at
 * the page: the answer streams the route first), the page's reading of the body up to there and the
 * decoding of its typed arrays, the route geometry; then the time to the markers, limits and trips drawn
 * (`data-marks-ready`) and the whole answer (the request's resource timing, download included). Then
 * playback runs at 4x for 10 s over the week: ticks run and ticks dropped (a tick that came after the next
 * one was due). Prints one JSON line.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { ensureWebBuild } from '../../e2e/src/webBuild';
import { launchBenchBrowser, startBenchServer } from './benchWeb';
import { createVehicles, random, seed } from './reportsSeed';

const ADMIN_EMAIL = 'admin@frota.local';
const ADMIN_PASSWORD = 'bench';
const PLAY_SECONDS = 10;

const { values: args } = parseArgs({ options: { days: { type: 'string', default: '7' } } });
const days = Number(args.days);

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
process.env.E2E_WEB_OUT ??= join(tmpdir(), 'frota-bench-web');
const webDir = ensureWebBuild(root, { precompress: 'ship' });

/** The seeded days start on 1 March 2025 (reportsSeed: `toUtc(2025, 3, 1 + day)`), cut in Africa/Luanda. */
const dayText = (day: number) => `${String(1 + day).padStart(2, '0')}/03/2025`;

/** Types a date-time into a picker section by section (as e2e/src/reportsPage does). */
async function typeDateTime(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).locator('[role="spinbutton"]').first().click();
  await page.keyboard.type(text.replace(/\D/g, ''));
}

interface Drawn {
  positions: number;
  clickToRouteMs: number;
  /** click to the route's markers, limits and trips drawn */
  clickToMarksMs: number;
  /** request sent to the route whole at the page */
  routeAnswerMs: number;
  /** the whole answer, markers included */
  answerMs: number;
  /** the page's parts: click to request sent, the body up to the whole route, typed arrays, route geometry */
  requestWaitMs: number;
  bodyMs: number;
  arraysMs: number;
  geometryMs: number;
}

type Seen = Record<string, number>;

/**
 * From now on, the page notes (on its own clock) when it first says data-route-ready and
 * data-marks-ready are true: the times are taken where they happen, not when this process, which also runs
 * the busy server, gets round to asking.
 */
const watchPage = (page: Page): Promise<number> =>
  page.evaluate(() => {
    performance.clearResourceTimings();
    const w = window as unknown as { replaySeen?: Seen; replayWatch?: MutationObserver };
    const element = document.querySelector('[data-testid="replay-page"]')!;
    const seen: Seen = {};
    w.replaySeen = seen;
    w.replayWatch?.disconnect();
    w.replayWatch = new MutationObserver(() => {
      for (const name of ['data-route-ready', 'data-marks-ready'])
        if (element.getAttribute(name) === 'true') seen[name] ??= performance.now();
    });
    w.replayWatch.observe(element, { attributes: true });
    return performance.now();
  });

/** When the page first said `data-<flag>="true"` after watchPage (waits for it). */
async function pageSaid(page: Page, flag: string): Promise<number> {
  const handle = await page.waitForFunction(
    (name) => (window as unknown as { replaySeen: Seen }).replaySeen[name],
    `data-${flag}`,
    { timeout: 120_000 },
  );
  return (await handle.jsonValue()) as number;
}

async function query(page: Page, lastDay: number): Promise<Drawn> {
  await typeDateTime(page, 'replay-from', `${dayText(0)} 00:00:00`);
  await typeDateTime(page, 'replay-to', `${dayText(lastDay)} 23:59:59`);
  const clicked = await watchPage(page);
  await page.getByTestId('replay-query').click();
  const clickToRouteMs = Math.round((await pageSaid(page, 'route-ready')) - clicked);
  const clickToMarksMs = Math.round((await pageSaid(page, 'marks-ready')) - clicked);
  const [answerMs, routeAnswerMs, requestWaitMs, bodyMs, arraysMs, geometryMs] = await page.evaluate(
    (clicked) => {
      const entry = performance
        .getEntriesByType('resource')
        .find((e) => e.name.includes('report_routechartdata.php')) as PerformanceResourceTiming | undefined;
      const last = (name: string) => performance.getEntriesByName(name).at(-1);
      const body = last('frota:replay-body');
      return [
        entry ? entry.responseEnd - entry.startTime : NaN,
        entry && body ? body.startTime + body.duration - entry.startTime : NaN,
        entry ? entry.startTime - clicked : NaN,
        body?.duration ?? NaN,
        last('frota:replay-arrays')?.duration ?? NaN,
        // the projection, and the level of detail the first frame draws (made then)
        (last('frota:replay-geometry')?.duration ?? NaN) + (last('frota:replay-level')?.duration ?? 0),
      ].map(Math.round);
    },
    clicked,
  );
  const readout = page.getByTestId('replay-position');
  const positions = Number(await readout.getAttribute('data-end')) + 1;
  return {
    positions,
    clickToRouteMs,
    clickToMarksMs,
    routeAnswerMs,
    answerMs,
    requestWaitMs,
    bodyMs,
    arraysMs,
    geometryMs,
  };
}

async function playAt4x(page: Page): Promise<{ ticks: number; dropped: number }> {
  const readout = page.getByTestId('replay-position');
  const counters = async () => ({
    ticks: Number(await readout.getAttribute('data-ticks')),
    dropped: Number(await readout.getAttribute('data-dropped-ticks')),
  });
  await page.getByTestId('replay-speed').locator('button[value="4"]').click();
  // the first tick, then 10 s of them
  await page.waitForFunction(
    () => Number(document.querySelector('[data-testid="replay-position"]')?.getAttribute('data-ticks')) > 0,
  );
  const before = await counters();
  await page.waitForTimeout(PLAY_SECONDS * 1000);
  const after = await counters();
  await page.getByTestId('replay-speed').locator('button[value="0"]').click();
  return { ticks: after.ticks - before.ticks, dropped: after.dropped - before.dropped };
}

const { dir, server } = await startBenchServer(webDir, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
const browser = await launchBenchBrowser();
try {
  const db = server.services.db;
  const [deviceId] = await createVehicles(db, 1, 'replay');
  const seeded = await seed(db, deviceId, days, 1000, random(16));
  const page = await browser.newPage({
    baseURL: server.url.replace('[::1]', '127.0.0.1'),
    viewport: { width: 1280, height: 800 },
  });
  // No internet: online tile layers fail and the offline outline is the base layer, as in the e2e tests.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort('internetdisconnected'));
  // tsx keeps function names with a __name helper; functions evaluated in the page need it there too.
  await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto('/login');
  await page.getByTestId('login-email').fill(ADMIN_EMAIL);
  await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto('/replay');
  await page.locator('[data-testid="map-canvas"][data-map-ready="true"]').waitFor({ timeout: 120_000 });
  const device = page.getByTestId('replay-device');
  await device.click();
  await device.fill('replay-1');
  await page.locator(`[data-testid="replay-device-option"][data-device-id="${deviceId}"]`).click();
  await page.getByTestId('replay-period').click();
  await page.getByTestId('replay-period-custom').click();
  await page.getByTestId('replay-from').waitFor();

  // On a failure the page is kept as a picture (a dialog may say why).
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const failed = async (error: unknown) => {
    await page.screenshot({ path: join(tmpdir(), 'replay-bench-failure.png') });
    const dialogs = await page.getByRole('dialog').allInnerTexts();
    throw new Error(
      `${String(error)}\ndialogs: ${JSON.stringify(dialogs)}\nerrors: ${JSON.stringify(errors)}`,
    );
  };
  const day = await query(page, 0).catch(failed);
  const week = days > 1 ? await query(page, days - 1).catch(failed) : null;
  const playback = await playAt4x(page);
  console.log(
    JSON.stringify({
      bench: 'replayWeb',
      seeded,
      dayPositions: day.positions,
      dayClickToRouteMs: day.clickToRouteMs,
      dayClickToMarksMs: day.clickToMarksMs,
      dayRequestWaitMs: day.requestWaitMs,
      dayRouteAnswerMs: day.routeAnswerMs,
      dayAnswerMs: day.answerMs,
      dayBodyMs: day.bodyMs,
      dayArraysMs: day.arraysMs,
      dayGeometryMs: day.geometryMs,
      weekPositions: week?.positions ?? null,
      weekClickToRouteMs: week?.clickToRouteMs ?? null,
      weekClickToMarksMs: week?.clickToMarksMs ?? null,
      weekRequestWaitMs: week?.requestWaitMs ?? null,
      weekRouteAnswerMs: week?.routeAnswerMs ?? null,
      weekAnswerMs: week?.answerMs ?? null,
      weekBodyMs: week?.bodyMs ?? null,
      weekArraysMs: week?.arraysMs ?? null,
      weekGeometryMs: week?.geometryMs ?? null,
      playSeconds: PLAY_SECONDS,
      speed: 4,
      ticks: playback.ticks,
      droppedTicks: playback.dropped,
      ...(errors.length ? { errors: errors.slice(0, 3) } : {}),
    }),
  );
} finally {
  await browser.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
