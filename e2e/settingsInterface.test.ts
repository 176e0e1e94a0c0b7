import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { uniqueEmail } from './src/api';
import { describeBrowser, launchBrowser, type TestPage } from './src/browser';
import { PASSWORD, adminApi, chooseOption, runTag, sessionOnly, formScreenshot } from './src/settingsKit';

describeBrowser('interface settings', () => {
  const tag = runTag('ifc');
  let browser: Browser;
  let t: TestPage;
  let email: string;
  let userId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    const api = await adminApi();
    email = uniqueEmail(tag);
    userId = (
      await api.createUser({
        name: 'Interface',
        email,
        password: PASSWORD,
        attributes: { permissions: ['map.online'] },
      })
    ).id;
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await t?.context.close();
    expect(t.errors).toEqual([]);
  });

  it('saves the map toggles and the notification sound, with zone names only with zones and a preview', async () => {
    t = await sessionOnly(browser, email, PASSWORD);
    const page = t.page;
    await page.goto('/settings/interface');
    await page.getByTestId('interface-map_showGeofences').waitFor();
    // never changed: each switch as the map applies it (vehicle names, zones and their names on)
    const shown = async (key: string) => page.getByTestId(`interface-${key}`).isChecked();
    expect(await shown('map_showVehicleNames')).toBe(true);
    expect(await shown('map_showGeofences')).toBe(true);
    expect(await shown('map_showGeofenceNames')).toBe(true);
    expect(await shown('map_showDriverNames')).toBe(false);
    expect(await shown('map_groupVehicles')).toBe(false);
    await page.getByTestId('interface-map_showGeofences').uncheck();
    expect(await page.getByTestId('interface-map_showGeofenceNames').isDisabled()).toBe(true);
    await page.getByTestId('interface-map_showGeofences').check();
    expect(await page.getByTestId('interface-map_showGeofenceNames').isDisabled()).toBe(false);
    await page.getByTestId('interface-map_showGeofenceNames').check();
    await page.getByTestId('interface-map_showVehicleNames').uncheck();
    await page.getByTestId('interface-map_groupVehicles').check();
    await page.getByTestId('interface-map_showTrafficSigns').check();
    expect(await page.getByTestId('interface-sound').textContent()).toBe('Buzina');
    await chooseOption(page, 'interface-sound', 'Ding 2');
    await page.getByTestId('interface-play').click();
    expect(await page.getByTestId('interface-play').getAttribute('data-played')).toBe('true');
    await formScreenshot(page, 'settings-interface');
    await page.getByTestId('edit-save').click();
    await page.waitForURL((url) => url.pathname !== '/settings/interface');

    const me = await page.evaluate(
      (id) =>
        fetch(`/api/users/${id}`).then((r) => r.json() as Promise<{ attributes: Record<string, unknown> }>),
      userId,
    );
    expect(me.attributes).toMatchObject({
      map_showGeofences: true,
      map_showGeofenceNames: true,
      map_showVehicleNames: false,
      map_groupVehicles: true,
      map_showTrafficSigns: true,
      notification_sound: 'ding2',
      permissions: ['map.online'],
    });
    expect(me.attributes).not.toHaveProperty('map_showDriverNames');

    // Turning zones off turns their names off too.
    await page.goto('/settings/interface');
    await page.getByTestId('interface-map_showGeofences').uncheck();
    expect(await page.getByTestId('interface-map_showGeofenceNames').isChecked()).toBe(false);
    await page.getByTestId('edit-save').click();
    await page.waitForURL((url) => url.pathname !== '/settings/interface');
    const after = await page.evaluate(
      (id) =>
        fetch(`/api/users/${id}`).then((r) => r.json() as Promise<{ attributes: Record<string, unknown> }>),
      userId,
    );
    expect(after.attributes).toMatchObject({ map_showGeofences: false, map_showGeofenceNames: false });
  });
});
