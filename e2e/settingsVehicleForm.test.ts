import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { AdminApi } from './src/api';
import { sendOsmand } from './src/liveFleet';
import { describeBrowser, launchBrowser, screenshot, settle, type TestPage } from './src/browser';
import {
  adminApi,
  chooseOption,
  openList,
  pickItems,
  runTag,
  saveExpectingError,
  search,
  sessionOnly,
  formScreenshot,
} from './src/settingsKit';

type Item = { id: number; name: string };
type Device = Item & {
  groupId: number;
  category: string;
  model: string;
  contact: string;
  attributes: Record<string, unknown>;
};

describeBrowser('vehicle form', () => {
  const tag = runTag('veh');
  let browser: Browser;
  let api: AdminApi;
  let t: TestPage;
  let device: Device;
  let group: Item;
  let zone: Item;
  let driver: Item;

  beforeAll(async () => {
    browser = await launchBrowser();
    api = await adminApi();
    group = await api.call<Item>('POST', '/api/groups', { name: `${tag} Frota` });
    zone = await api.call<Item>('POST', '/api/geofences', {
      name: `${tag} Armazém`,
      area: 'CIRCLE (-8.8 13.2, 200)',
    });
    driver = await api.call<Item>('POST', '/api/drivers', { name: `${tag} Carlos`, uniqueId: `C${tag}` });
    device = await api.call<Device>('POST', '/api/devices', {
      name: `${tag} Hilux`,
      uniqueId: `${tag}-9`,
      attributes: { device_type: 12, has_rfid: 1, speedLimit: 43.196544 },
    });
    // its tracker has reported once: the technical details name its protocol
    await sendOsmand({ uniqueId: `${tag}-9`, lat: -8.81, lon: 13.23 });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await t?.context.close();
    expect(t.errors).toEqual([]);
  });

  it('edits a vehicle: km/h stored as knots, group, icon picture, zones, driver, working week', async () => {
    t = await sessionOnly(browser);
    await openList(t.page, '/settings/devices');
    await search(t.page, `${tag} hilux`);
    await t.page.getByTestId('list-edit').click();
    await t.page.waitForURL((url) => url.pathname === `/settings/device/${device.id}`);
    const page = t.page;
    expect(await page.getByTestId('device-speedLimit').inputValue()).toBe('80');
    await page.getByTestId('device-name').fill(`${tag} Hilux 2`);
    await page.getByTestId('device-license_plate').fill('LD-99-88-ZZ');
    await page.getByTestId('device-notes').fill('Viatura de serviço');
    await page.getByTestId('device-model').fill('Hilux 2.4');
    await page.getByTestId('device-speedLimit').fill('90');
    await chooseOption(page, 'device-group', `${tag} Frota`);

    await page.getByTestId('device-category').click();
    const dialog = page.getByTestId('category-dialog');
    await dialog.waitFor();
    await page.getByRole('tab', { name: '3D estático' }).click();
    const picture = page.getByTestId('category-3d_static_truck').locator('img');
    await picture.waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="category-dialog"] img')].every(
        (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      ),
    );
    await screenshot(page, 'settings-vehicle-icons');
    await page.getByRole('tab', { name: '2D' }).click();
    expect(
      await page
        .locator('[data-testid^="category-"]')
        .filter({ has: page.locator('img') })
        .count(),
    ).toBeGreaterThan(10);
    await page.getByRole('tab', { name: '3D estático' }).click();
    await page.getByTestId('category-3d_static_truck').click();
    await dialog.waitFor({ state: 'detached' });

    await pickItems(page, 'device-zones', [`${tag} Armazém`]);
    await chooseOption(page, 'device-driver', `${tag} Carlos`);
    await page.getByTestId('week-weekdays_start').fill('25:00');
    expect(await saveExpectingError(page)).toContain('Hora de trabalho inválida: 25:00');
    await page.getByTestId('week-weekdays_start').fill('08:00');
    await page.getByTestId('week-sunday').check();

    // Technical details (global.show_gsm): dimensions only once a chassis is set.
    await page.getByTestId('device-details').waitFor();
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('[data-testid="device-protocol"]')?.value === 'OsmAnd',
    );
    expect(await page.getByTestId('device-dimensions').count()).toBe(0);
    await page.getByTestId('device-chassis').fill('JTE123');
    await page.getByTestId('device-length').fill('5.3');
    await page.getByTestId('rfid-buzzer').waitFor();
    await settle(page);
    await formScreenshot(page, 'settings-vehicle-form');
    await page.getByTestId('edit-save').click();
    await page.waitForURL((url) => url.pathname === '/settings/devices');

    const saved = await api.call<Device>('GET', `/api/devices/${device.id}`);
    expect(saved).toMatchObject({
      name: `${tag} Hilux 2`,
      groupId: group.id,
      category: '3d_static_truck',
      model: 'Hilux 2.4',
      contact: 'Viatura de serviço',
    });
    expect(saved.attributes.speedLimit).toBeCloseTo(90 / 1.852, 6);
    expect(saved.attributes).toMatchObject({
      license_plate: 'LD-99-88-ZZ',
      chassis: 'JTE123',
      length: 5.3,
      driverId: driver.id,
    });
    expect(saved.attributes.week).toMatchObject({ weekdays_start: '08:00', sunday: true });
    const zones = await api.call<Item[]>('GET', `/api/geofences?deviceId=${device.id}`);
    expect(zones.map((z) => z.id)).toEqual([zone.id]);
    const drivers = await api.call<Item[]>('GET', `/api/drivers?deviceId=${device.id}`);
    expect(drivers.map((d) => d.id)).toEqual([driver.id]);

    await page.goto(`/settings/device/${device.id}`);
    expect(await page.getByTestId('device-speedLimit').inputValue()).toBe('90');
    await page.setViewportSize({ width: 390, height: 844 });
    await formScreenshot(page, 'settings-vehicle-form-mobile');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.getByTestId('device-zones-chip').allTextContents()).toEqual([`${tag} Armazém`]);
  });

  it('sends the RFID buzzer command with the spec texts for success and failure', async () => {
    t = await sessionOnly(browser);
    await t.page.goto(`/settings/device/${device.id}`);
    await t.page.getByTestId('rfid-buzzer-on').click();
    const sent = t.page.getByTestId('message-dialog');
    await sent.waitFor();
    expect(await sent.textContent()).toContain(
      'Comando enviado com sucesso. Por favor ligue a ignição e aguarde alguns segundos.',
    );
    await t.page.getByTestId('dialog-ok').click();
    await sent.waitFor({ state: 'detached' });
    // A device answering with a failure (simulated: the offline device here only queues the command).
    await t.page.route('**/report/api.php/rfid_buzzer', (route) =>
      route.fulfill({ status: 502, contentType: 'text/plain', body: 'Erro ao enviar o comando (timeout)' }),
    );
    await t.page.getByTestId('rfid-buzzer-off').click();
    const failed = t.page.getByTestId('error-dialog');
    await failed.waitFor();
    expect(await failed.textContent()).toContain('Erro ao enviar comando.');
  });
});
