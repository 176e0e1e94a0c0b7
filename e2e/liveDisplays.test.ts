import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  describeBrowser,
  launchBrowser,
  loginByApi,
  openPage,
  screenshot,
  type TestPage,
} from './src/browser';
import { createLiveFleet, offline, type LiveFleet } from './src/liveFleet';

const TEN_HOURS_MS = 10 * 3600 * 1000;

const row = (page: Page, id: number) => page.locator(`[data-testid="vehicle-row"][data-device-id="${id}"]`);
/** Visible text with runs of spaces (including the no-break space after a label) as one space. */
const text = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();

describeBrowser('online map: fuel/level display and odometer taps', () => {
  const tag = `d${Date.now().toString(36)}`;
  let browser: Browser;
  let fleet: LiveFleet;
  let t: TestPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    fleet = await createLiveFleet(tag, [
      {
        // Electric (fuel_type 1): percentage, then energy (kW of a 60 kW pack) and range, 2 extra modes.
        key: 'volt',
        name: `Volt ${tag}`,
        group: 'a',
        attributes: { fuel_type: 1, fuel_tank_capacity: 60, hours: TEN_HOURS_MS },
        fix: {
          lat: -8.83,
          lon: 13.23,
          speed: 10,
          ignition: true,
          extra: { fuel: 80, range: 240, io192: 1_234_560 },
        },
      },
      {
        // Electric without a range reading: the range mode is skipped, the display never goes blank.
        key: 'watt',
        name: `Watt ${tag}`,
        group: 'b',
        attributes: { fuel_type: 1, fuel_tank_capacity: 50 },
        fix: { lat: -8.85, lon: 13.25, ignition: false, extra: { fuel: 70 } },
      },
      {
        // Combustion: percentage, then litres of a 200 L tank, 1 extra mode.
        key: 'diesel',
        name: `Diesel ${tag}`,
        group: 'a',
        attributes: { fuel_tank_capacity: 200, hours: TEN_HOURS_MS },
        fix: { lat: -8.84, lon: 13.24, ignition: false, extra: { fuel: 40, io192: 500_000 } },
      },
    ]);
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    t = await openPage(browser);
    await offline(t.page);
    await loginByApi(t.page, fleet.email, fleet.password);
    await row(t.page, fleet.devices.volt.id).waitFor();
  });
  afterEach(async () => {
    await t.context.close();
    expect(t.errors).toEqual([]);
  });

  it('cycles the level display on tap: electric vehicles 3 modes, others 2, in row and popup', async () => {
    const { page } = t;
    const volt = row(page, fleet.devices.volt.id).getByTestId('row-level');
    const diesel = row(page, fleet.devices.diesel.id).getByTestId('row-level');
    expect(await text(volt)).toBe('80%');
    await volt.click();
    expect(await text(volt)).toBe('48,0 kW');
    await volt.click();
    expect(await text(volt)).toBe('240,0 km');
    await volt.click();
    expect(await text(volt)).toBe('80%');

    expect(await text(diesel)).toBe('40%');
    await diesel.click();
    expect(await text(diesel)).toBe('80,0 L');
    await diesel.click();
    expect(await text(diesel)).toBe('40%');
    const watt = row(page, fleet.devices.watt.id).getByTestId('row-level');
    expect(await text(watt)).toBe('70%');
    await watt.click();
    expect(await text(watt)).toBe('35,0 kW');
    await watt.click();
    expect(await text(watt)).toBe('70%');
    // Tapping the display does not select the vehicle (no popup).
    expect(await page.getByTestId('vehicle-popup').count()).toBe(0);

    // The popup shows the same mode with its name, and its taps move the row too.
    await volt.click();
    await row(page, fleet.devices.volt.id).getByTestId('vehicle-row-name').click();
    const level = page.getByTestId('vehicle-popup').getByTestId('popup-level');
    expect(await text(level)).toBe('Energia: 48,0 kW');
    await level.getByRole('button').click();
    expect(await text(level)).toBe('Autonomia: 240,0 km');
    expect(await text(volt)).toBe('240,0 km');
    await screenshot(page, 'live-level-range');
    await level.getByRole('button').click();
    expect(await text(level)).toBe('Nível: 80%');
    expect(await text(volt)).toBe('80%');
  });

  it('toggles odometer and hour meter per device, remembered after a reload', async () => {
    const { page } = t;
    const volt = row(page, fleet.devices.volt.id).getByTestId('row-odometer');
    const diesel = row(page, fleet.devices.diesel.id).getByTestId('row-odometer');
    // io192 / 100 km, one decimal; hours ms / 3600000.
    expect(await text(volt)).toBe('12 345,6 km');
    expect(await text(diesel)).toBe('5 000,0 km');
    await volt.click();
    expect(await text(volt)).toBe('10,0 h');
    expect(await text(diesel)).toBe('5 000,0 km');

    await page.reload();
    await row(page, fleet.devices.volt.id).waitFor();
    expect(await text(volt)).toBe('10,0 h');
    expect(await text(diesel)).toBe('5 000,0 km');

    // The popup reads and changes the same remembered choice.
    await row(page, fleet.devices.volt.id).getByTestId('vehicle-row-name').click();
    const odometer = page.getByTestId('vehicle-popup').getByTestId('popup-odometer');
    expect(await text(odometer)).toBe('Conta-horas: 10,0 h');
    await odometer.getByRole('button').click();
    expect(await text(odometer)).toBe('Conta-quilómetros: 12 345,6 km');
    expect(await text(volt)).toBe('12 345,6 km');
    await row(page, fleet.devices.diesel.id).getByTestId('vehicle-row-name').click();
    const dieselOdometer = page.getByTestId('vehicle-popup').getByTestId('popup-odometer');
    expect(await text(dieselOdometer)).toBe('Conta-quilómetros: 5 000,0 km');
    await dieselOdometer.getByRole('button').click();
    expect(await text(dieselOdometer)).toBe('Conta-horas: 10,0 h');
    await screenshot(page, 'live-hour-meter');

    await page.reload();
    await row(page, fleet.devices.volt.id).waitFor();
    expect(await text(volt)).toBe('12 345,6 km');
    expect(await text(diesel)).toBe('10,0 h');
    const stored = await page.evaluate(() => localStorage.getItem('frota.odometerMode'));
    expect(JSON.parse(stored ?? '{}')).toEqual({
      [fleet.devices.volt.id]: 'odometer',
      [fleet.devices.diesel.id]: 'hours',
    });
  });
});
