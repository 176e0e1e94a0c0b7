/**
 * Privacy on the live map (document 1 §2, §3): a private vehicle's real position never reaches a user who
 * is not an administrator, so the map has nothing to draw for it; its row says private and opens nothing.
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  nextFrames,
  describeBrowser,
  launchBrowser,
  loginByApi,
  openPage,
  screenshot,
  type TestPage,
} from './src/browser';
import { createLiveFleet, offline, type LiveFleet } from './src/liveFleet';

const LUANDA = { lat: -8.8383, lon: 13.2344 };

describeBrowser('online map: private vehicles', () => {
  const tag = `p${Date.now().toString(36)}`;
  let browser: Browser;
  let fleet: LiveFleet;
  let t: TestPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    fleet = await createLiveFleet(tag, [
      { key: 'open', name: `Aberto ${tag}`, group: 'a', fix: { ...LUANDA, speed: 30, ignition: true } },
      {
        key: 'private',
        name: `Privado ${tag}`,
        group: 'a',
        attributes: { privacy: 1 },
        fix: { lat: LUANDA.lat + 0.02, lon: LUANDA.lon + 0.02, speed: 30, ignition: true },
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
    await t.page.getByTestId('vehicle-row').first().waitFor();
    await t.page.locator('[data-testid="map-canvas"][data-map-ready="true"]').waitFor();
  });
  afterEach(async () => {
    await t.context.close();
    expect(t.errors).toEqual([]);
  });

  it('receives no position for the private vehicle and shows its row as private', async () => {
    const { page } = t;
    const positions = await page.evaluate(async () => (await fetch('/api/positions')).json());
    const byName = (id: number) => positions.find((p: { deviceId: number }) => p.deviceId === id);
    expect(byName(fleet.devices.private.id)).toMatchObject({ latitude: 0, longitude: 0, address: null });
    expect(byName(fleet.devices.open.id).latitude).toBeCloseTo(LUANDA.lat, 4);
    const row = page.getByTestId('vehicle-row').filter({ hasText: `Privado ${tag}` });
    await row.getByTestId('indicator-privacy').waitFor();
    expect(await row.getAttribute('aria-disabled')).toBe('true');
    expect(await row.getAttribute('data-status')).toBe('private');
    await row.click({ force: true });
    // the click has been handled and drawn (React renders a popup in the frames after a click)
    await nextFrames(page);
    expect(await page.getByTestId('vehicle-popup').count()).toBe(0);
    await page.locator('[data-testid="map-canvas"][data-map-ready="true"]').waitFor();
    await screenshot(page, 'live-private');
  });
});
