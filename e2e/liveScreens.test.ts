import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  closePage,
  describeBrowser,
  launchBrowser,
  loginByApi,
  screenshot,
  settle,
  type TestPage,
} from './src/browser';
import { untilDom } from './src/domWaits';
import { createLiveFleet, offline, type LiveFleet } from './src/liveFleet';

const LUANDA = { lat: -8.8383, lon: 13.2344 };

async function open(
  browser: Browser,
  fleet: LiveFleet,
  viewport = { width: 1280, height: 800 },
): Promise<TestPage> {
  const context = await browser.newContext({
    // The service worker is tested on its own; elsewhere it would answer requests the tests route.
    serviceWorkers: 'block',
    baseURL: (await import('./src/browser')).e2e.baseUrl,
    viewport,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error?.stack ?? error)));
  page.setDefaultTimeout(15_000);
  await offline(page);
  await loginByApi(page, fleet.email, fleet.password);
  await page.locator('[data-testid="map-canvas"][data-map-ready="true"]').waitFor();
  return { context, page, errors };
}

const zoneRow = (page: Page, name: string) => page.getByTestId('zone-row').filter({ hasText: name });

describeBrowser('online map: zones, demo, Arabic and mobile', () => {
  const tag = `z${Date.now().toString(36)}`;
  let browser: Browser;
  let fleet: LiveFleet;
  let arabic: LiveFleet;
  let zones: Record<string, number>;
  let t: TestPage | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    fleet = await createLiveFleet(tag, [
      {
        key: 'kilo',
        name: `Kilo ${tag}`,
        group: 'a',
        category: 'van',
        fix: { ...LUANDA, speed: 20, ignition: true, course: 200 },
      },
    ]);
    arabic = await createLiveFleet(
      `${tag}ar`,
      [
        {
          key: 'lima',
          name: `شاحنة ${tag}`,
          group: 'a',
          category: 'truck',
          attributes: { license_plate: 'LD-90-90-AR' },
          fix: { lat: -8.82, lon: 13.22, speed: 25, ignition: true },
        },
        // away from any place: the offline geocoder names it "3 km E de Kilamba, Luanda, AO"
        { key: 'mike', name: `Mike ${tag}`, group: 'b', fix: { lat: -9.0, lon: 13.3, ignition: false } },
      ],
      { attributes: { language: 'ar', map_showDriverNames: true } },
    );
    const create = async (name: string, area: string, attributes: Record<string, unknown>) => {
      const zone = await fleet.api.call<{ id: number }>('POST', '/api/geofences', {
        name,
        description: '',
        area,
        attributes,
      });
      await fleet.api.call('POST', '/api/permissions', { userId: fleet.userId, geofenceId: zone.id });
      return zone.id;
    };
    zones = {
      porto: await create(`Porto ${tag}`, 'CIRCLE (-8.7990 13.2410, 400)', { icon: 'warehouse' }),
      bomba: await create(`Bomba ${tag}`, 'CIRCLE (-8.8150 13.2340, 100)', { icon: 'fuel', color: 'ff6900' }),
      ilha: await create(
        `Ilha ${tag}`,
        'POLYGON ((-8.78 13.21, -8.795 13.225, -8.805 13.23, -8.79 13.215, -8.78 13.21))',
        { color: '00d084', fill: true },
      ),
      via: await create(`Via ${tag}`, 'LINESTRING (-8.83 13.26, -8.87 13.30, -8.93 13.33)', {
        color: 'b23bd0',
        polylineDistance: 25,
      }),
    };
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => (t = await closePage(t)));

  it('counts zones by type and edits, removes and draws zones with the result texts', async () => {
    t = await open(browser, fleet);
    const { page } = t;
    const zoneTab = page.getByTestId('zone-tab');
    await untilDom(page, async () => expect(await zoneTab.innerText()).toContain('(4)'));
    await zoneTab.click();
    expect(await page.getByTestId('zone-subtab-circle').innerText()).toContain('(2)');
    expect(await page.getByTestId('zone-subtab-polygon').innerText()).toContain('(1)');
    expect(await page.getByTestId('zone-subtab-line').innerText()).toContain('(1)');
    expect(await page.getByTestId('zone-row').allInnerTexts()).toEqual([`Bomba ${tag}`, `Porto ${tag}`]);
    await zoneRow(page, `Porto ${tag}`).click();
    await screenshot(page, 'live-zones');

    // Circle: icon and radius.
    await zoneRow(page, `Porto ${tag}`).locator('xpath=..').getByTestId('zone-row-menu').click();
    await page.getByTestId('zone-edit').click();
    const dialog = page.getByTestId('zone-dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('zone-radius').inputValue()).toBe('400');
    await page.getByTestId('zone-radius').fill('250');
    await screenshot(page, 'live-zone-edit');
    await page.getByTestId('zone-save').click();
    expect(await page.getByTestId('message-dialog').innerText()).toContain('Zona editada com sucesso');
    await page.getByTestId('dialog-ok').click();
    const porto = await fleet.api.call<{ area: string; attributes: Record<string, unknown> }>(
      'GET',
      `/api/geofences/${zones.porto}`,
    );
    expect(porto.area).toBe('CIRCLE (-8.799 13.241, 250)');
    expect(porto.attributes.icon).toBe('warehouse');

    // Polygon: colour and fill.
    await page.getByTestId('zone-subtab-polygon').click();
    await zoneRow(page, `Ilha ${tag}`).locator('xpath=..').getByTestId('zone-row-menu').click();
    await page.getByTestId('zone-edit').click();
    await page.getByTestId('zone-color-f44336').click();
    await page.getByTestId('zone-fill').click();
    await page.getByTestId('zone-save').click();
    await page.getByTestId('message-dialog').waitFor();
    await page.getByTestId('dialog-ok').click();
    const ilha = await fleet.api.call<{ attributes: Record<string, unknown> }>(
      'GET',
      `/api/geofences/${zones.ilha}`,
    );
    expect(ilha.attributes).toMatchObject({ color: 'f44336', fill: false });

    // Line: removal with confirmation and its result dialog.
    await page.getByTestId('zone-subtab-line').click();
    await zoneRow(page, `Via ${tag}`).locator('xpath=..').getByTestId('zone-row-menu').click();
    await page.getByTestId('zone-remove').click();
    await page.getByTestId('confirm-ok').click();
    expect(await page.getByTestId('message-dialog').innerText()).toContain('Zona removida com sucesso');
    await page.getByTestId('dialog-ok').click();
    await untilDom(page, async () =>
      expect(await page.getByTestId('zone-subtab-line').innerText()).toContain('(0)'),
    );

    // A point drawn on the map becomes a new zone (POST /api/geofences).
    await page.locator('.mapbox-gl-draw_point').click();
    const box = (await page.getByTestId('map-canvas').boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.5);
    await page.getByTestId('zone-dialog').waitFor();
    await page.getByTestId('zone-name').fill(`Novo ponto ${tag}`);
    await page.getByTestId('zone-save').click();
    await page.getByTestId('message-dialog').waitFor();
    await page.getByTestId('dialog-ok').click();
    await untilDom(page, async () =>
      expect(await page.getByTestId('zone-subtab-circle').innerText()).toContain('(3)'),
    );
    const all = await fleet.api.call<Array<{ name: string; area: string }>>('GET', '/api/geofences');
    expect(all.find((z) => z.name === `Novo ponto ${tag}`)?.area).toMatch(
      /^CIRCLE \(-?[\d.]+ -?[\d.]+, 100\)$/,
    );
  });

  it('shows moving sample vehicles of every category when the search is DEMO', async () => {
    t = await open(browser, fleet);
    const { page } = t;
    await page.getByTestId('vehicle-search').fill('DEMO');
    await untilDom(page, async () =>
      expect(await page.getByTestId('vehicle-tab').innerText()).toContain('(59)'),
    );
    const first = page.getByTestId('vehicle-row').first();
    expect(await first.getAttribute('data-device-id')).toMatch(/^-\d+$/);
    await first.click();
    const coordinates = page.getByTestId('vehicle-popup').getByTestId('popup-coordinates-text');
    const before = await coordinates.innerText();
    await untilDom(page, async () => expect(await coordinates.innerText()).not.toBe(before), 8000);
    // A parked sample vehicle (its popup stays still) offers only Follow.
    await page.getByTestId('status-tab-stop').click();
    await page.locator('[data-testid="vehicle-row"][data-status="stopped"]').first().click();
    await page.getByTestId('popup-options').click();
    expect(await page.locator('[data-testid^="popup-option-"]').count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.getByTestId('status-tab-all').click();
    await screenshot(page, 'live-demo');
    await page.getByTestId('vehicle-search').fill('');
    await untilDom(page, async () =>
      expect(await page.getByTestId('vehicle-tab').innerText()).toContain('(1)'),
    );
  });

  it('lays the screen out right to left in Arabic', async () => {
    t = await open(browser, arabic);
    const { page } = t;
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const panel = (await page.getByTestId('live-panel').boundingBox())!;
    expect(panel.x).toBeGreaterThan(1280 / 2);
    const map = (await page.getByTestId('map-canvas').boundingBox())!;
    const bar = (await page.locator('header').first().boundingBox())!;
    expect([map.x, map.y, map.width, map.y + map.height]).toEqual([0, bar.y + bar.height, 1280, 800]);
    expect(await page.getByTestId('vehicle-tab').innerText()).toContain('المركبات');
    // Each row's address keeps its distance whole and cuts its place at the place's own end: the cut part
    // takes the direction of its text (a Latin place reads, and is cut, left to right on this page).
    const addresses = page.getByTestId('vehicle-row-address');
    await expect.poll(() => addresses.count()).toBe(2);
    const places = page.getByTestId('vehicle-row').getByTestId('address-place');
    expect(await places.count()).toBe(2);
    for (const place of await places.all()) {
      const [text, direction, overflow] = await place.evaluate((e) => [
        e.textContent ?? '',
        getComputedStyle(e).direction,
        getComputedStyle(e).textOverflow,
      ]);
      const firstStrong = /[A-Za-z\u00C0-\u024F]|[\u0600-\u06FF]/.exec(text)?.[0] ?? '';
      expect([direction, overflow]).toEqual([
        /[\u0600-\u06FF]/.test(firstStrong) ? 'rtl' : 'ltr',
        'ellipsis',
      ]);
    }
    const lead = page.getByTestId('vehicle-row').getByTestId('address-lead');
    expect(await lead.textContent()).toBe('3 كم شرق ');
    expect(await lead.evaluate((e) => e.scrollWidth <= e.clientWidth && getComputedStyle(e).direction)).toBe(
      'rtl',
    );
    await page.getByTestId('vehicle-row').filter({ hasText: 'شاحنة' }).click();
    const popup = page.getByTestId('vehicle-popup');
    expect(await popup.getByTestId('popup-status').innerText()).toBe('قيد القيادة');
    expect(await popup.getByTestId('popup-plate').innerText()).toBe('LD-90-90-AR');
    // Numbers keep their reading order inside the right-to-left text (a minus sign stays in front).
    const coordinates = popup.getByTestId('popup-coordinates-text');
    expect(await coordinates.evaluate((e) => [e.tagName, getComputedStyle(e).direction])).toEqual([
      'BDI',
      'ltr',
    ]);
    await coordinates.screenshot({
      path: fileURLToPath(new URL('./screenshots/live-arabic-coordinates.png', import.meta.url)),
      scale: 'device',
    });
    // The map draws each label glyph left to right: on this right-to-left page "(" stays "(" in
    // "Escolar 1 (LD-14-58-EU)" (a glyph canvas follows the page's direction unless told otherwise).
    expect(await page.evaluate(() => new OffscreenCanvas(1, 1).getContext('2d')!.direction)).toBe('ltr');
    // the scale reads "2 km", not "km 2"
    const scale = page.locator('.maplibregl-ctrl-scale');
    expect(await scale.evaluate((e) => getComputedStyle(e).unicodeBidi)).toBe('plaintext');
    // Map controls move to the left, away from the panel.
    const zoom = (await page.locator('.maplibregl-ctrl-zoom-in').boundingBox())!;
    expect(zoom.x).toBeLessThan(1280 / 2);
    await screenshot(page, 'live-arabic');
  });

  it('opens a phone on the fleet with the panel folded at the bottom, and unfolds it on demand', async () => {
    t = await open(browser, arabic, { width: 390, height: 844 });
    const { page } = t;
    const panel = page.getByTestId('live-panel');
    await untilDom(page, async () => expect(await panel.getAttribute('data-open')).toBe('false'));
    // folded: only its tabs show, at the bottom, over the map that shows the fleet
    const folded = (await panel.boundingBox())!;
    expect(folded.y).toBeGreaterThan(844 * 0.8);
    expect(await page.getByTestId('vehicle-row').count()).toBe(0);
    await page.getByTestId('panel-toggle').click();
    const box = (await panel.boundingBox())!;
    expect(box.y).toBeGreaterThan(844 / 3);
    expect(box.width).toBeGreaterThan(380);
    // The map fills everything under the top bar, edge to edge, behind the bottom panel.
    const map = (await page.getByTestId('map-canvas').boundingBox())!;
    const bar = (await page.locator('header').first().boundingBox())!;
    expect([map.x, map.y, map.width, map.y + map.height]).toEqual([0, bar.y + bar.height, 390, 844]);
    await page.getByTestId('vehicle-row').first().waitFor();
    await settle(page);
    await screenshot(page, 'live-mobile');
    await page.getByTestId('panel-toggle').click();
    await untilDom(page, async () => expect(await page.getByTestId('vehicle-row').count()).toBe(0));
    await page.getByTestId('panel-toggle').click();
    await page.getByTestId('vehicle-row').first().click();
    await page.getByTestId('vehicle-popup').waitFor();
    await screenshot(page, 'live-mobile-popup');
  });

  it("groups a phone's vehicles by default, a user who never chose", async () => {
    const near = await createLiveFleet(`${tag}ph`, [
      { key: 'p1', name: `P1 ${tag}`, group: 'a', fix: { lat: -8.8383, lon: 13.2344, ignition: true } },
      { key: 'p2', name: `P2 ${tag}`, group: 'a', fix: { lat: -8.8385, lon: 13.2346, ignition: false } },
      { key: 'pf', name: `PF ${tag}`, group: 'b', fix: { lat: -12.5763, lon: 13.4055, ignition: false } },
    ]);
    t = await open(browser, near, { width: 390, height: 844 });
    const cluster = t.page.getByTestId('vehicle-cluster');
    await cluster.first().waitFor();
    expect(await cluster.first().innerText()).toBe('2');
  });

  it('groups nearby vehicles into donut clusters when map_groupVehicles is on', async () => {
    const grouped = await createLiveFleet(
      `${tag}gr`,
      [
        {
          key: 'n1',
          name: `N1 ${tag}`,
          group: 'a',
          fix: { lat: -8.8383, lon: 13.2344, speed: 30, ignition: true },
        },
        { key: 'n2', name: `N2 ${tag}`, group: 'a', fix: { lat: -8.8385, lon: 13.2346, ignition: false } },
        { key: 'n3', name: `N3 ${tag}`, group: 'a', fix: { lat: -8.8381, lon: 13.2341, ignition: true } },
        { key: 'far', name: `Far ${tag}`, group: 'b', fix: { lat: -12.5763, lon: 13.4055, ignition: false } },
      ],
      { attributes: { map_groupVehicles: true } },
    );
    t = await open(browser, grouped);
    const { page } = t;
    const cluster = page.getByTestId('vehicle-cluster');
    await cluster.first().waitFor();
    expect(await cluster.first().innerText()).toBe('3');
    // One slice per ignition status present: driving, idle and stopped.
    expect(await cluster.first().locator('path').count()).toBe(3);
    await screenshot(page, 'live-clusters');
    // A click zooms in two levels: the 100 px scale bar then spans about a quarter of the distance.
    const scale = page.locator('.maplibregl-ctrl-scale');
    const metres = async () => {
      const [value, unit] = (await scale.innerText()).trim().split(/\s+/);
      return Number(value) * (unit === 'km' ? 1000 : 1);
    };
    const before = await metres();
    await cluster.first().click();
    await untilDom(page, async () => expect(await metres()).toBeLessThan(before / 2), 10_000);
  });
});
