import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  nextFrames,
  describeBrowser,
  e2e,
  launchBrowser,
  loginByApi,
  openPage,
  openSideMenu,
  screenshot,
  type TestPage,
} from './src/browser';
import { untilDom } from './src/domWaits';
import { createLiveFleet, LIVE_FLUSH_WAIT_MS, offline, sendOsmand, type LiveFleet } from './src/liveFleet';
import { LiveTeltonika } from './src/liveTeltonika';

const row = (page: Page, id: number) => page.locator(`[data-testid="vehicle-row"][data-device-id="${id}"]`);

describeBrowser('online map: live updates and commands', () => {
  const tag = `c${Date.now().toString(36)}`;
  let browser: Browser;
  let fleet: LiveFleet;
  let tracker: LiveTeltonika;
  let t: TestPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    fleet = await createLiveFleet(
      tag,
      [
        {
          key: 'hotel',
          name: `Hotel ${tag}`,
          group: 'a',
          category: 'truck',
          attributes: { has_immobilization: 1, license_plate: 'LD-77-88-HH' },
        },
        { key: 'india', name: `India ${tag}`, group: 'a', fix: { lat: -8.85, lon: 13.25, ignition: false } },
      ],
      { attributes: { permissions: ['map.online', 'global.block', 'settings.users'] } },
    );
    tracker = new LiveTeltonika(e2e.teltonikaPort);
    expect(await tracker.connect(fleet.devices.hotel.uniqueId, { lat: -8.84, lon: 13.24 })).toBe(1);
  });
  afterAll(async () => {
    tracker?.close();
    await browser?.close();
  });
  beforeEach(async () => {
    t = await openPage(browser);
    await offline(t.page);
    await loginByApi(t.page, fleet.email, fleet.password);
    await row(t.page, fleet.devices.india.id).waitFor();
  });
  afterEach(async () => {
    await t.context.close();
    expect(t.errors).toEqual([]);
  });

  it('moves a vehicle on the next live flush: row, counts, marker and popup, without a reload', async () => {
    const { page } = t;
    const india = fleet.devices.india;
    await row(page, india.id).click();
    const popup = page.getByTestId('vehicle-popup');
    expect(await popup.getByTestId('popup-coordinates-text').innerText()).toBe('-8.850000, 13.250000');
    expect(await page.getByTestId('status-tab-driving').innerText()).toContain('0');
    await sendOsmand({
      uniqueId: india.uniqueId,
      lat: -8.86,
      lon: 13.26,
      speed: 40,
      ignition: true,
      course: 135,
    });
    await untilDom(
      page,
      async () =>
        expect(await popup.getByTestId('popup-coordinates-text').innerText()).toBe('-8.860000, 13.260000'),
      LIVE_FLUSH_WAIT_MS,
    );
    expect(await popup.getByTestId('popup-speed').innerText()).toBe('74 km/h');
    expect(await row(page, india.id).innerText()).toContain('74 km/h');
    expect(await row(page, india.id).getAttribute('data-status')).toBe('driving');
    expect(await page.getByTestId('status-tab-driving').innerText()).toContain('1');
    const flushes = await page.evaluate(() => performance.getEntriesByName('frota:live-flush').length);
    expect(flushes).toBeGreaterThan(0);
    await screenshot(page, 'live-moved');
  });

  it('blocks a vehicle through its tracker and shows the pending state until it reports', async () => {
    const { page } = t;
    const hotel = fleet.devices.hotel;
    await row(page, hotel.id).click();
    await page.getByTestId('popup-options').click();
    await page.getByTestId('popup-option-block').click();
    const dialog = page.getByTestId('block-dialog');
    await dialog.waitFor();
    await screenshot(page, 'live-block-dialog');
    // Records whether the immobiliser icon ever blinked (pending) between sending and the vehicle's report.
    await page.evaluate(() => {
      const seen = { pending: false };
      (window as unknown as { blockSeen: typeof seen }).blockSeen = seen;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="indicator-immobilization"][data-pending="true"]'))
          seen.pending = true;
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await dialog.getByTestId('block-on').click();
    await page.getByTestId('confirm-dialog').waitFor();
    const command = tracker.readCommand();
    await page.getByTestId('confirm-ok').click();
    expect(await command).toBe('setdigout 1');
    tracker.answer('DOUT1:1');
    const done = page.getByTestId('message-dialog');
    await done.waitFor();
    expect(await done.innerText()).toContain('O comando de bloqueio foi enviado. Por favor aguarde.');
    expect(await done.innerText()).toContain('DOUT1:1');
    await screenshot(page, 'live-block-sent');
    await page.getByTestId('dialog-ok').click();
    // Pending (blinking) until the answer arrives with the next flush; then blocked.
    const indicator = row(page, hotel.id).getByTestId('indicator-immobilization');
    await untilDom(
      page,
      async () => expect(await page.getByTestId('popup-immobilization').innerText()).toContain('Bloqueado'),
      LIVE_FLUSH_WAIT_MS,
    );
    expect(await indicator.getAttribute('data-pending')).toBeNull();
    expect(
      await page.evaluate(() => (window as unknown as { blockSeen: { pending: boolean } }).blockSeen.pending),
    ).toBe(true);
    // Who blocked it, read back from block_details.
    await page.getByTestId('popup-options').click();
    await page.getByTestId('popup-option-block').click();
    await untilDom(page, async () =>
      expect(await page.getByTestId('block-history').first().innerText()).toContain(`Operador ${tag}`),
    );
  });

  it('corrects km and hours (Correcção de km) as metres and milliseconds', async () => {
    const { page } = t;
    const india = fleet.devices.india;
    await row(page, india.id).click();
    await page.getByTestId('popup-options').click();
    await page.getByTestId('popup-option-accumulators').click();
    const dialog = page.getByTestId('accumulators-dialog');
    expect(await dialog.innerText()).toContain('Correcção de km');
    await page.getByTestId('accumulators-km').fill('-3');
    expect(await page.getByTestId('accumulators-save').isDisabled()).toBe(true);
    await page.getByTestId('accumulators-km').fill('1234.5');
    await page.getByTestId('accumulators-hours').fill('10.25');
    await screenshot(page, 'live-accumulators');
    await page.getByTestId('accumulators-save').click();
    expect(await page.getByTestId('message-dialog').innerText()).toContain('Km corrigidos com sucesso');
    const device = await fleet.api.call<{ attributes: Record<string, number> }>(
      'GET',
      `/api/devices/${india.id}`,
    );
    expect(device.attributes.totalDistance).toBe(1_234_500);
    expect(device.attributes.hours).toBe(36_900_000);
    // Leaving the map from the menu takes its layers, controls and popup down without errors.
    await page.getByTestId('dialog-ok').click();
    await openSideMenu(page);
    await page.locator('[data-testid="menu-item"][data-path="/settings/users"]').click();
    await page.waitForURL((url) => url.pathname === '/settings/users');
    // the users' list drawn means the map's page has been taken down (errors would be in t.errors)
    await page.getByTestId('list-search').waitFor();
    await nextFrames(page);
  });
});
