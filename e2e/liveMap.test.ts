import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  describeBrowser,
  launchBrowser,
  loginByApi,
  openPage,
  screenshot,
  type TestPage,
} from './src/browser';
import { untilDom } from './src/domWaits';
import { createLiveFleet, offline, type LiveFleet, type VehicleSpec } from './src/liveFleet';

const LUANDA = { lat: -8.8383, lon: 13.2344 };
const TWO_DAYS = 2 * 24 * 3600 * 1000;
const TWO_MINUTES = 2 * 60 * 1000;

/** Seven vehicles, one for each case of the status tabs (document 1 §2, §4). */
function vehicles(tag: string): VehicleSpec[] {
  const at = (dLat: number, dLon: number) => ({ lat: LUANDA.lat + dLat, lon: LUANDA.lon + dLon });
  return [
    {
      key: 'alfa',
      name: `Alfa ${tag}`,
      group: 'a',
      category: 'truck',
      attributes: { license_plate: 'LD-11-22-AA' },
      fix: { ...at(0.01, 0.01), speed: 30, ignition: true, course: 90, extra: { power: 13.1 } },
    },
    { key: 'bravo', name: `Bravo ${tag}`, group: 'a', fix: { ...at(0.02, -0.01), speed: 0, ignition: true } },
    { key: 'charlie', name: `Charlie ${tag}`, group: 'b', fix: { ...at(-0.02, 0.02), ignition: false } },
    {
      key: 'delta',
      name: `Delta ${tag}`,
      group: 'b',
      attributes: { in_maintenance: 1 },
      fix: { ...at(-0.03, -0.02), ignition: false },
    },
    {
      key: 'eco',
      name: `Eco ${tag}`,
      group: 'a',
      // Its ignition came on two minutes before Alfa's, so the default sort puts Alfa first.
      fix: {
        ...at(0.03, 0.03),
        speed: 20,
        ignition: true,
        time: Date.now() - TWO_MINUTES,
        extra: { power: 10.4 },
      },
    },
    {
      key: 'foxtrot',
      name: `Foxtrot ${tag}`,
      group: 'b',
      fix: { ...at(-0.01, 0.04), ignition: false, time: Date.now() - TWO_DAYS },
    },
    { key: 'golf', name: `Golf ${tag}`, group: 'b' },
  ];
}

const tabText = (page: Page, id: string) => page.getByTestId(`status-tab-${id}`).innerText();
const rowNames = (page: Page) => page.getByTestId('vehicle-row-name').allInnerTexts();

describeBrowser('online map: vehicles panel', () => {
  const tag = `m${Date.now().toString(36)}`;
  let browser: Browser;
  let fleet: LiveFleet;
  let t: TestPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    fleet = await createLiveFleet(tag, vehicles(tag));
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    t = await openPage(browser);
    await offline(t.page);
    await loginByApi(t.page, fleet.email, fleet.password);
    await t.page.getByTestId('vehicle-row').first().waitFor();
    await t.page.locator('[data-testid="map-canvas"][data-map-ready="true"]').waitFor();
  });
  afterEach(async () => {
    await t.context.close();
    expect(t.errors).toEqual([]);
  });

  it('counts the vehicles of each status tab', async () => {
    const { page } = t;
    expect(await page.getByTestId('vehicle-tab').innerText()).toContain('(7)');
    expect(await tabText(page, 'all')).toContain('7');
    expect(await tabText(page, 'driving')).toContain('2');
    expect(await tabText(page, 'idle')).toContain('1');
    expect(await tabText(page, 'stop')).toContain('2');
    expect(await tabText(page, 'warning')).toContain('2');
    expect(await tabText(page, 'maintenance')).toContain('1');
    await screenshot(page, 'live-panel');
    await page.getByTestId('status-tab-driving').click();
    // Both drive: latest ignition first.
    await untilDom(page, async () => expect(await rowNames(page)).toEqual([`Alfa ${tag}`, `Eco ${tag}`]));
    await page.getByTestId('status-tab-warning').click();
    await untilDom(page, async () =>
      expect((await rowNames(page)).sort()).toEqual([`Eco ${tag}`, `Foxtrot ${tag}`]),
    );
  });

  it('searches by name, filters by group and sorts by status, name and last position', async () => {
    const { page } = t;
    const all = (await rowNames(page)).length;
    expect(all).toBe(7);
    // Default order: status (driving first, offline last), then latest ignition.
    const byStatus = await rowNames(page);
    expect(byStatus.slice(0, 2)).toEqual([`Alfa ${tag}`, `Eco ${tag}`]);
    expect(byStatus.slice(-2).sort()).toEqual([`Foxtrot ${tag}`, `Golf ${tag}`]);

    await page.getByTestId('vehicle-sort').click();
    await page.getByTestId('vehicle-sort-1').click();
    await untilDom(page, async () =>
      expect(await rowNames(page)).toEqual(
        ['Alfa', 'Bravo', 'Charlie', 'Delta', 'Eco', 'Foxtrot', 'Golf'].map((n) => `${n} ${tag}`),
      ),
    );
    await page.getByTestId('vehicle-sort').click();
    await page.getByTestId('vehicle-sort-2').click();
    await untilDom(page, async () =>
      expect((await rowNames(page)).slice(-2)).toEqual([`Foxtrot ${tag}`, `Golf ${tag}`]),
    );

    await page.getByTestId('vehicle-search').fill('ECO');
    await untilDom(page, async () => expect(await rowNames(page)).toEqual([`Eco ${tag}`]));
    expect(await tabText(page, 'all')).toContain('1');
    await page.getByTestId('vehicle-search').fill('');

    await page.getByTestId('vehicle-group').click();
    await page.getByRole('option', { name: `${fleet.groupNames.b} (4)` }).click();
    await untilDom(page, async () =>
      expect((await rowNames(page)).sort()).toEqual(
        ['Charlie', 'Delta', 'Foxtrot', 'Golf'].map((n) => `${n} ${tag}`),
      ),
    );
    expect(await tabText(page, 'all')).toContain('4');
    expect(await tabText(page, 'driving')).toContain('0');
    await screenshot(page, 'live-group-filter');
  });

  it('opens the popup on a row click with plate, speed and 6-decimal coordinates', async () => {
    const { page } = t;
    await page.locator(`[data-testid="vehicle-row"][data-device-id="${fleet.devices.alfa.id}"]`).click();
    const popup = page.getByTestId('vehicle-popup');
    await popup.waitFor();
    expect(await popup.getByTestId('popup-name').innerText()).toBe(`Alfa ${tag}`);
    expect(await popup.getByTestId('popup-plate').innerText()).toBe('LD-11-22-AA');
    expect(await popup.getByTestId('popup-speed').innerText()).toBe('56 km/h');
    expect(await popup.getByTestId('popup-coordinates-text').innerText()).toBe('-8.828300, 13.244400');
    expect(await popup.getByTestId('popup-navigate').getAttribute('href')).toContain('-8.828300,13.244400');
    // Fields in the order of the specification.
    const order = await popup
      .locator('[data-testid^="popup-"]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
    const wanted = [
      'popup-plate',
      'popup-status',
      'popup-speed',
      'popup-address',
      'popup-coordinates',
      'popup-fix-time',
      'popup-power',
      'popup-odometer',
    ];
    expect(order.filter((id) => wanted.includes(id!))).toEqual(wanted);
    // A plain operator (map.online only) may follow, nothing more.
    await popup.getByTestId('popup-options').click();
    expect(
      await page
        .locator('[data-testid^="popup-option-"]')
        .evaluateAll((n) => n.map((e) => e.getAttribute('data-testid'))),
    ).toEqual(['popup-option-follow']);
    await page.getByTestId('popup-option-follow').click();
    await page.getByText(`A seguir Alfa ${tag}`).waitFor();
    await screenshot(page, 'live-popup');
    // Choosing another vehicle ends following (the camera would jump back to Alfa on each flush).
    await page.locator(`[data-testid="vehicle-row"][data-device-id="${fleet.devices.bravo.id}"]`).click();
    await page.getByText(`Deixou de seguir Alfa ${tag}`).waitFor();
    expect(await popup.getByTestId('popup-name').innerText()).toBe(`Bravo ${tag}`);
    // The popup closes when its vehicle leaves the filtered list.
    await page.getByTestId('status-tab-stop').click();
    await popup.waitFor({ state: 'detached' });
  });
});
