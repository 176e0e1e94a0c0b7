import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { AdminApi } from './src/api';
import {
  describeBrowser,
  e2e,
  launchBrowser,
  openPage,
  pathOf,
  screenshot,
  type TestPage,
} from './src/browser';
import { createFleet, type Fleet } from './src/reportsFleet';
import { jsonFrame } from '../server/src/modules/replay/streamFrames';
import { loginAs } from './src/reportsPage';

/** A replay stream up to its route's LAST frame (the layout: server/src/modules/replay/streamFrames.ts). */
function routeOnly(stream: Buffer): Buffer {
  let at = 4;
  for (;;) {
    const tag = stream.toString('latin1', at, at + 4);
    at += 8 + Math.ceil(stream.readUInt32LE(at + 4) / 8) * 8;
    if (tag === 'LAST') return stream.subarray(0, at);
  }
}

const end = (page: Page) => page.getByTestId('replay-position').getAttribute('data-end').then(Number);
const start = (page: Page) => page.getByTestId('replay-position').getAttribute('data-start').then(Number);

async function choosePeriod(page: Page, preset: string): Promise<void> {
  await page.getByTestId('replay-period').click();
  await page.getByTestId(`replay-period-${preset}`).click();
  await page.getByTestId(`replay-period-${preset}`).waitFor({ state: 'detached' });
}

/** Queries and waits for the route drawn, then for its markers, limits and trips (streamed after it). */
async function queryDrawn(page: Page): Promise<void> {
  await page.getByTestId('replay-query').click();
  await page.locator('[data-testid="replay-page"][data-route-ready="true"]').waitFor({ timeout: 60_000 });
  await page.locator('[data-testid="replay-page"][data-marks-ready="true"]').waitFor({ timeout: 60_000 });
  await page.getByTestId('replay-trips-loading').waitFor({ state: 'detached' });
}

describeBrowser('route replay', () => {
  let browser: Browser;
  let fleet: Fleet;
  let t: TestPage;
  let trips: Array<{ start_index: number; end_index: number }>;

  beforeAll(async () => {
    browser = await launchBrowser();
    const api = await AdminApi.login(e2e.baseUrl, e2e.adminEmail, e2e.adminPassword);
    fleet = await createFleet(api, e2e.osmandPort);
    const answer = await api.call<{ trips: typeof trips }>('POST', '/report/report_routechartdata.php', {
      devices: [fleet.devices[0].id],
      from: `${fleet.day} 00:00:00`,
      to: `${fleet.day} 23:59:59`,
      mode: '',
      format: 'columns',
    });
    trips = answer.trips;
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    t = await openPage(browser);
    // No internet: online tiles fail at once and the offline outline is the base layer.
    await t.page.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) =>
      route.abort('internetdisconnected'),
    );
    await loginAs(t.page);
  });
  afterEach(async () => {
    await t.context.close();
    expect(t.errors).toEqual([]);
  });

  it('opens on the fleet where it is now, not on the whole world', async () => {
    const { page } = t;
    await page.goto('/replay');
    // the world view's scale bar reads 1000 km; the fleet's, around Luanda, a few km
    await page.waitForFunction(() => {
      const text = document.querySelector('.maplibregl-ctrl-scale')?.textContent ?? '';
      const km = /^(\d+)\s*km$/.exec(text.trim());
      return /^\d+\s*m$/.test(text.trim()) || (km !== null && Number(km[1]) <= 200);
    });
    // before a route: what to do, in a panel as tall as its form
    expect(await page.getByTestId('replay-hint').textContent()).toContain('carregue em Consultar');
    const panel = (await page.getByTestId('replay-panel').boundingBox())!;
    expect(panel.height).toBeLessThan(400);
  });

  it('opens from the vehicle popup for today, says Oops! without positions, then replays a day', async () => {
    const { page } = t;
    const alfa = fleet.devices[0];
    // which answer shapes the page asks for: the route streamed, the chart's series only once it opens
    const formats: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('report_routechartdata'))
        formats.push(String((request.postDataJSON() as { format?: string } | null)?.format));
    });
    await page.getByTestId('vehicle-search').fill(alfa.name);
    await page.locator(`[data-testid="vehicle-row"][data-device-id="${alfa.id}"]`).click();
    await page.getByTestId('popup-options').click();
    await page.getByTestId('popup-option-history').click();
    await page.waitForURL((url) => url.pathname === '/replay');
    // Preloaded for today, which holds no position of this vehicle.
    const oops = page.getByTestId('message-dialog');
    await oops.waitFor({ timeout: 60_000 });
    expect(await oops.innerText()).toContain('Oops!');
    expect(await oops.innerText()).toContain('Não existem dados para o período seleccionado.');
    expect(await page.getByTestId('replay-device').inputValue()).toBe(alfa.name);
    await screenshot(page, 'replay-oops');
    await page.getByTestId('dialog-ok').click();
    await oops.waitFor({ state: 'detached' });

    await choosePeriod(page, 'yesterday');
    await queryDrawn(page);
    const rows = page.getByTestId('replay-trip');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).getAttribute('data-index')).toBe('0');
    for (const km of await page.getByTestId('replay-trip-km').allInnerTexts())
      expect(km).toMatch(/^\d+,\d km$/);
    expect(await rows.nth(0).innerText()).toContain('08:00:00');
    expect(await rows.nth(1).innerText()).toContain('09:00:00');
    const last = await end(page);
    expect(last).toBeGreaterThanOrEqual(fleet.positions - 1);
    expect(await start(page)).toBe(0);
    await screenshot(page, 'replay-day');

    // A trip click selects that trip's range; Total goes back to the whole period.
    await rows.nth(1).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="replay-position"]')?.getAttribute('data-start') !== '0',
    );
    expect(trips).toHaveLength(2);
    expect(await start(page)).toBe(trips[1].start_index);
    expect(await end(page)).toBe(trips[1].end_index);
    // 09:00–09:10 at one position every 30 s, and the position that ends the trip
    expect(trips[1].end_index - trips[1].start_index).toBeGreaterThanOrEqual(20);
    await screenshot(page, 'replay-trip');
    await page.getByTestId('replay-total').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="replay-position"]')?.getAttribute('data-start') === '0',
    );
    expect(await end(page)).toBe(last);

    // Steps move the end by 60 positions.
    await page.getByTestId('replay-step-back').click();
    expect(await end(page)).toBe(last - 60);
    await page.getByTestId('replay-step-forward').click();
    expect(await end(page)).toBe(last);

    // 4x: the end wraps to the start, then advances 60 positions a tick.
    await page.getByTestId('replay-speed').locator('button[value="4"]').click();
    expect(await page.getByTestId('replay-play').getAttribute('data-playing')).toBe('true');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="replay-position"]')?.getAttribute('data-end') === '0',
    );
    await page.waitForFunction(
      () => document.querySelector('[data-testid="replay-position"]')?.getAttribute('data-end') === '60',
    );
    // space pauses (the focus is on a button, not in a field)
    await page.keyboard.press('Space');
    expect(await page.getByTestId('replay-play').getAttribute('data-playing')).toBe('false');
    const paused = await end(page);
    // clock: a pause is the absence of movement, which no event announces; 600 ms is many playback steps
    await page.waitForTimeout(600);
    expect(await end(page)).toBe(paused);
    await page.getByTestId('replay-play').click();
    expect(await page.getByTestId('replay-play').getAttribute('data-playing')).toBe('true');
    await page.getByTestId('replay-speed').locator('button[value="0"]').click();
    expect(await page.getByTestId('replay-play').getAttribute('data-playing')).toBe('false');

    // The chart: shown on demand, speed first; the last series on cannot be switched off.
    expect(formats.length).toBeGreaterThan(0);
    expect(new Set(formats)).toEqual(new Set(['stream']));
    await page.getByTestId('replay-chart-toggle').click();
    const chart = page.getByTestId('replay-chart');
    await chart.locator('.recharts-line-curve').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('replay-series-loading').waitFor({ state: 'detached' });
    expect(formats.filter((format) => format === 'series')).toHaveLength(1);
    const speed = chart.locator('[data-testid="replay-series"][data-series="speed"]');
    expect(await speed.getAttribute('data-on')).toBe('true');
    await speed.click();
    expect(await speed.getAttribute('data-on')).toBe('true');
    await screenshot(page, 'replay-chart');
    await page.getByTestId('replay-chart-toggle').click();
    await chart.waitFor({ state: 'detached' });

    await page.getByTestId('replay-back').click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(pathOf(page)).toBe('/');
  });

  it('keeps the route drawn when the answer fails after it, and says why', async () => {
    const { page } = t;
    // the real answer, cut after its route and ended as the server ends one that failed there
    await page.route('**/report/report_routechartdata.php', async (route) => {
      const answer = await route.fetch();
      const body = Buffer.concat([
        routeOnly(await answer.body()),
        jsonFrame('FAIL', { status: 500, message: 'Internal Server Error' }),
      ]);
      await route.fulfill({ status: 200, contentType: 'application/octet-stream', body });
    });
    await page.goto('/replay');
    const device = page.getByTestId('replay-device');
    await device.click();
    await device.fill(fleet.devices[0].name);
    await page
      .locator(`[data-testid="replay-device-option"][data-device-id="${fleet.devices[0].id}"]`)
      .click();
    await choosePeriod(page, 'yesterday');
    await page.getByTestId('replay-query').click();
    const failure = page.getByTestId('error-dialog');
    await failure.waitFor({ timeout: 60_000 });
    expect(await failure.innerText()).toContain('Internal Server Error');
    await page.locator('[data-testid="replay-page"][data-route-ready="true"]').waitFor({ timeout: 60_000 });
    expect(await end(page)).toBeGreaterThanOrEqual(fleet.positions - 1);
    // the trip list stops waiting for what will not come
    await page.getByTestId('replay-trips-loading').waitFor({ state: 'detached' });
    expect(await page.getByTestId('replay-trip').count()).toBe(0);
    await page.getByTestId('dialog-ok').click();
  });

  it('keeps the map usable on a phone with the panel folded', async () => {
    const { page } = t;
    await page.setViewportSize({ width: 412, height: 860 });
    await page.goto('/replay');
    const device = page.getByTestId('replay-device');
    await device.click();
    await device.fill(fleet.devices[0].name);
    await page
      .locator(`[data-testid="replay-device-option"][data-device-id="${fleet.devices[0].id}"]`)
      .click();
    await choosePeriod(page, 'yesterday');
    await queryDrawn(page);
    // the panel folds away after a query on a phone, leaving the playback buttons over the map
    expect(await page.getByTestId('replay-panel').getAttribute('data-open')).toBe('false');
    await page.getByTestId('replay-play').waitFor();
    const panel = (await page.getByTestId('replay-panel').boundingBox())!;
    expect(panel.height).toBeLessThan(200);
    await screenshot(page, 'replay-phone');
    await page.getByTestId('replay-panel-toggle').click();
    await page.getByTestId('replay-trip').first().waitFor();
    await screenshot(page, 'replay-phone-panel');
    // the chart keeps a readable height on a phone, its series chips in one sideways row
    await page.getByTestId('replay-chart-toggle').click();
    const surface = page.getByTestId('replay-chart').locator('.recharts-surface');
    await surface.waitFor();
    expect((await surface.boundingBox())!.height).toBeGreaterThanOrEqual(100);
    const chips = (await page.getByTestId('replay-series-chips').boundingBox())!;
    expect(chips.height).toBeLessThan(40);
    await screenshot(page, 'replay-phone-chart');
  });
});
