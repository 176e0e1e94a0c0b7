import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AdminApi } from './src/api';
import { describeBrowser, e2e, launchBrowser, loginByApi, screenshot } from './src/browser';
import { untilDom, untilFrames } from './src/domWaits';
import { offline, sendOsmand, uniqueImei } from './src/liveFleet';
import { startServer, type RunningServer } from './src/serverProcess';
import { ensureWebBuild } from './src/webBuild';

/**
 * A view holding more vehicles than the map draws as icons (DENSE_LIMIT, 800) shows each as a dot in its
 * status colour, drawn by the map's own point layer, and a click on a dot still opens that vehicle's popup.
 * Its own server: 850 devices would crowd the lists of the other suites' administrator.
 */
const COUNT = 850;
const CENTRE = { lat: -8.8383, lon: 13.2344 };
const GREEN = [0x2e, 0x7d, 0x32];
const RED = [0xc6, 0x28, 0x28];
const YELLOW = [0xf9, 0xa8, 0x25];

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

interface ColourScan {
  /** pixels of the map area (right of `fromX`) within a small distance of the colour */
  count: number;
  /** a pixel whose whole 5 x 5 neighbourhood has the colour: the middle of a dot */
  centre: [number, number] | null;
}

/** Where to look: the map area right of `fromX`, or a box. */
type Area = number | { x0: number; y0: number; x1: number; y1: number };

/** Looks for a colour in a screenshot, decoded by the page itself (the browser reads PNG). */
async function scan(page: Page, colour: number[], area: Area): Promise<ColourScan> {
  const png = (await page.screenshot()).toString('base64');
  return page.evaluate(
    async ({ png, colour, area }) => {
      const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      const near = (x: number, y: number) => {
        const i = (y * width + x) * 4;
        return (
          Math.abs(data[i] - colour[0]) +
            Math.abs(data[i + 1] - colour[1]) +
            Math.abs(data[i + 2] - colour[2]) <
          12
        );
      };
      let count = 0;
      let centre: [number, number] | null = null;
      const box = typeof area === 'number' ? { x0: area, y0: 60, x1: width - 2, y1: height - 2 } : area;
      for (let y = Math.max(2, box.y0); y < Math.min(height - 2, box.y1); y++)
        for (let x = Math.max(2, box.x0); x < Math.min(width - 2, box.x1); x++) {
          if (!near(x, y)) continue;
          count += 1;
          if (centre) continue;
          let all = true;
          for (let dy = -2; dy <= 2 && all; dy++)
            for (let dx = -2; dx <= 2 && all; dx++) all = near(x + dx, y + dy);
          if (all) centre = [x, y];
        }
      return { count, centre };
    },
    { png, colour, area },
  );
}

describeBrowser('online map: a dense fleet', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const imeis: string[] = [];
  /** the vehicle the first test opened (it stays selected) */
  let clicked = '';

  beforeAll(async () => {
    server = await startServer(
      root,
      { email: e2e.adminEmail, password: e2e.adminPassword },
      ensureWebBuild(root),
    );
    const api = await AdminApi.login(server.baseUrl, e2e.adminEmail, e2e.adminPassword);
    let next = 0;
    const worker = async () => {
      while (next < COUNT) {
        const i = next++;
        const uniqueId = uniqueImei();
        imeis[i] = uniqueId;
        await api.call('POST', '/api/devices', {
          name: `Denso ${i}`,
          uniqueId,
          category: 'car',
          attributes: {},
        });
        // A spiral about 4 km across; every third vehicle parked with the ignition off (stopped, red).
        const angle = i * 2.399963;
        const radius = 0.02 * Math.sqrt((i + 0.5) / COUNT);
        const moving = i % 3 !== 0;
        await sendOsmand(
          {
            uniqueId,
            lat: CENTRE.lat + radius * Math.sin(angle),
            lon: CENTRE.lon + radius * Math.cos(angle),
            speed: moving ? 20 : 0,
            ignition: moving,
          },
          server.osmandPort,
        );
      }
    };
    await Promise.all(Array.from({ length: 12 }, worker));
    browser = await launchBrowser();
    const context = await browser.newContext({
      // The service worker is tested on its own; elsewhere it would answer requests the tests route.
      serviceWorkers: 'block',
      baseURL: server.baseUrl,
      viewport: { width: 1280, height: 800 },
    });
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(String(error?.stack ?? error)));
    await offline(page);
    await loginByApi(page, e2e.adminEmail, e2e.adminPassword);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('draws every vehicle as a dot in its status colour and opens the popup of a clicked dot', async () => {
    await untilDom(
      page,
      async () => expect(await page.getByTestId('vehicle-tab').innerText()).toContain(`(${COUNT})`),
      60_000,
    );
    await page.locator('[data-testid="map-canvas"][data-map-ready="true"]').waitFor();
    const panel = (await page.getByTestId('live-panel').boundingBox())!;
    const fromX = Math.ceil(panel.x + panel.width + 40);
    // The first view fits the whole fleet: the dots come once the map has settled on it.
    await untilFrames(
      page,
      async () =>
        expect(
          Math.min((await scan(page, GREEN, fromX)).count, (await scan(page, RED, fromX)).count),
        ).toBeGreaterThan(200),
      30_000,
    );
    await screenshot(page, 'live-dense');

    const red = (await scan(page, RED, fromX)).centre;
    expect(red).not.toBeNull();
    await page.mouse.click(red![0], red![1]);
    const popup = page.getByTestId('vehicle-popup');
    await popup.waitFor();
    expect(await popup.getByTestId('popup-status').innerText()).toBe('Parado');
    clicked = await popup.getByTestId('popup-name').innerText();
    expect(errors).toEqual([]);
  });

  it('shows a vehicle that changed while dots showed in its new colour once zooming in brings icons back', async () => {
    // While dots show, the icons' source is left behind (only the selected vehicle is kept current):
    // a parked vehicle, not the selected one, switches its ignition on and becomes the only idle (yellow) one.
    const index = clicked === `Denso ${COUNT - 1}` ? COUNT - 4 : COUNT - 1;
    const angle = index * 2.399963;
    const radius = 0.02 * Math.sqrt((index + 0.5) / COUNT);
    await sendOsmand(
      {
        uniqueId: imeis[index],
        lat: CENTRE.lat + radius * Math.sin(angle),
        lon: CENTRE.lon + radius * Math.cos(angle),
        speed: 0,
        ignition: true,
      },
      server.osmandPort,
    );
    await page.locator('.maplibregl-popup-close-button').click();
    const panel = (await page.getByTestId('live-panel').boundingBox())!;
    const fromX = Math.ceil(panel.x + panel.width + 40);
    // The dots follow every flush.
    let dot: [number, number] | null = null;
    await untilFrames(
      page,
      async () => expect((dot = (await scan(page, YELLOW, fromX)).centre)).not.toBeNull(),
      30_000,
    );
    const [x, y] = dot!;
    expect((await scan(page, YELLOW, fromX)).count).toBeLessThan(200);
    await page.mouse.move(x, y);
    for (let step = 0; step < 16; step++) {
      await page.mouse.wheel(0, -240);
      // clock: a person's wheel clicks come apart in time, and MapLibre tells a mouse wheel from a
      // trackpad by that spacing; this paces the input, it does not wait for a result (polled below)
      await page.waitForTimeout(80);
    }
    // Zoomed in around the pointer: a few vehicles in view, drawn as icons from the caught-up source (an
    // icon's body holds more pixels of its colour than the largest dot) in the new colour, not the old one.
    let icon: ColourScan = { count: 0, centre: null };
    await untilFrames(
      page,
      async () => expect((icon = await scan(page, YELLOW, fromX)).count).toBeGreaterThan(200),
      15_000,
    );
    const [ix, iy] = icon.centre!;
    expect((await scan(page, RED, { x0: ix - 120, y0: iy - 120, x1: ix + 120, y1: iy + 120 })).count).toBe(0);
    await screenshot(page, 'live-dense-caught-up');
    expect(errors).toEqual([]);
  });

  it('draws a vehicle that drove far beyond the part of the map held around the view once the view gets there', async () => {
    // Zoomed in (the last test): the map holds only the vehicles around the view. One drives 65 km east.
    const far = { lat: CENTRE.lat, lon: CENTRE.lon + 0.6 };
    await sendOsmand({ uniqueId: imeis[777], ...far, speed: 30, ignition: true }, server.osmandPort);
    await page.getByTestId('vehicle-search').fill('Denso 777');
    const row = page.getByTestId('vehicle-row');
    await untilDom(page, async () => expect(await row.count()).toBe(1));
    await row.click();
    await untilDom(
      page,
      async () =>
        expect(await page.getByTestId('popup-coordinates-text').innerText()).toContain(far.lon.toFixed(6)),
      30_000,
    );
    // The row click flies there (zoom 15): its icon, green (driving), is drawn where nothing else is.
    await row.click();
    await page.getByTestId('vehicle-popup').waitFor();
    await page.locator('.maplibregl-popup-close-button').click();
    const panel = (await page.getByTestId('live-panel').boundingBox())!;
    const fromX = Math.ceil(panel.x + panel.width + 40);
    await untilFrames(
      page,
      async () => expect((await scan(page, GREEN, fromX)).count).toBeGreaterThan(200),
      15_000,
    );
    await screenshot(page, 'live-dense-far');
    expect(errors).toEqual([]);
  });
});
