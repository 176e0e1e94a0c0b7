import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { uniqueEmail, type AdminApi } from './src/api';
import { closePage, describeBrowser, e2e, launchBrowser, screenshot, type TestPage } from './src/browser';
import { expectRows, openRefill, saveTo } from './src/refillsPage';
import { createRefillsFleet, luandaTime, type RefillsFleet } from './src/refillsFleet';
import { PASSWORD, adminApi, runTag, sessionOnly } from './src/settingsKit';
import { untilDom } from './src/domWaits';

/**
 * The refill area's set-up (issue 18 point 4): station labels and QR code, an operator and an auxiliary
 * station added through their forms, a refill-module user without the summary, the phone layout and a
 * read-only user who gets no add button. The centre itself is in refills.test.ts.
 */

describeBrowser('refill set-up', () => {
  const tag = runTag('rfs');
  let browser: Browser;
  let api: AdminApi;
  let t: TestPage | undefined;
  let fleet: RefillsFleet;

  beforeAll(async () => {
    browser = await launchBrowser();
    api = await adminApi();
    fleet = await createRefillsFleet(api, tag);
  }, 60_000);

  afterEach(async () => (t = await closePage(t)));
  afterAll(async () => {
    await browser?.close();
  });

  it('lists stations under their main one, prints labels and downloads a QR code of 500 pixels', async () => {
    t = await sessionOnly(browser);
    const { page } = t;
    await page.goto('/refills');
    await page.getByTestId('refills-settings').click();
    await page.getByTestId('refills-menu-stations').click();
    await page.waitForURL((url) => url.pathname === '/settings/refill_stations');
    const row = (id: number) => page.locator(`[data-testid="station-row"][data-id="${id}"]`);
    await row(fleet.stations.aux.id).waitFor();
    expect(await row(fleet.stations.main.id).getAttribute('data-main-id')).toBe('0');
    expect(await row(fleet.stations.aux.id).getAttribute('data-main-id')).toBe(
      String(fleet.stations.main.id),
    );
    const order = await page
      .getByTestId('station-row')
      .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-id'))));
    expect(order.indexOf(fleet.stations.aux.id)).toBe(order.indexOf(fleet.stations.main.id) + 1);

    // Ticked stations become a PDF of labels. Each tick is awaited on the button's count: the wider label
    // can move the grid, and a click on the next box before that lands where the box no longer is.
    const tick = async (id: number, count: number) => {
      await page.locator(`.MuiDataGrid-row[data-id="${id}"] input[type="checkbox"]`).check();
      await page
        .getByTestId('barcode-pdf')
        .filter({ hasText: `(${count})` })
        .waitFor();
    };
    await tick(fleet.stations.main.id, 1);
    await tick(fleet.stations.aux.id, 2);
    const [pdf, tab] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/report/barcode_pdf.php')),
      t.context.waitForEvent('page'),
      page.getByTestId('barcode-pdf').click(),
    ]);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect(JSON.parse(pdf.request().postData() ?? '{}')).toEqual({
      devices: [fleet.stations.main.id, fleet.stations.aux.id],
      itemsType: 'S',
    });
    // The labels open in a new tab.
    await tab.waitForURL((url) => url.protocol === 'blob:');
    await tab.close();

    await page
      .locator(`.MuiDataGrid-row[data-id="${fleet.stations.main.id}"] [data-testid="station-qr"]`)
      .click();
    await page.getByTestId('code-dialog').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('code-download').click(),
    ]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const png = Buffer.concat(chunks);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([500, 500]);
    expect(download.suggestedFilename()).toBe(`${fleet.stations.main.name}.png`);
    await page.keyboard.press('Escape');

    // The vehicles with refill devices: the code image the server draws, titled with the plate.
    await page.goto('/settings/refill_devices');
    const truckRow = page.locator(`[data-testid="refill-device-row"][data-id="${fleet.ids.truck}"]`);
    await truckRow.waitFor();
    expect(await truckRow.textContent()).toContain('Camião pesado');
    await truckRow.getByTestId('refill-device-code').click();
    const dialog = page.getByTestId('code-dialog');
    await dialog.waitFor();
    expect(await dialog.locator('h2').textContent()).toBe(fleet.names.plateTruck);
    // the image the server draws, once decoded (decode() waits for the load)
    const image = page.getByTestId('code-image');
    await image.evaluate((img) => (img as HTMLImageElement).decode());
    expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const href = new URL((await page.getByTestId('code-download').getAttribute('href')) ?? '', e2e.baseUrl);
    expect(href.pathname).toBe('/report/barcode.php');
    expect(href.searchParams.get('text')).toBe(fleet.names.plateTruck);
    expect(href.searchParams.get('type')).toBe('device');
  }, 90_000);

  it('adds an operator and an auxiliary station through their forms', async () => {
    t = await sessionOnly(browser);
    const { page } = t;
    await api.call('PUT', '/report/api.php/refill_app_version', {
      apk_version: '2.3.1',
      apk_url: 'https://apps.frota.test/abastecimentos.apk',
    });
    await page.goto('/refills');
    await page.getByTestId('refills-settings').click();
    await page.getByTestId('refills-menu-app').click();
    await page.getByTestId('refill-app-dialog').waitFor();
    expect(await page.getByTestId('refill-app-version').textContent()).toBe('Última versão: 2.3.1');
    expect(await page.getByTestId('refill-app-link').getAttribute('href')).toBe(
      'https://apps.frota.test/abastecimentos.apk',
    );
    await page.getByTestId('refill-app-qr').locator('svg').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('refill-app-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('refills-settings').click();
    await page.getByTestId('refills-menu-operators').click();
    await page.waitForURL((url) => url.pathname === '/settings/refill_operators');
    await page.getByTestId('list-search').fill(fleet.operator.username);
    await page.locator('[data-testid="operator-row"]').first().waitFor();
    expect(await page.getByTestId('operator-row').count()).toBe(1);
    await page.getByTestId('list-add').click();
    await page.waitForURL((url) => url.pathname === '/settings/refill_operator');
    const username = `op2${tag}`.toLowerCase();
    await page.getByTestId('operator-username').fill(username);
    await page.getByTestId('operator-name').fill(`${tag} Operador Beto`);
    await page.getByTestId('edit-save').click();
    expect(await page.getByTestId('error-dialog').textContent()).toContain('Deve indicar a password');
    await page.getByTestId('dialog-ok').click();
    await page.getByTestId('operator-password').fill('Bomba-456');
    await page.getByTestId('operator-alert_emails').fill('frota@e2e.test; dono@e2e.test');
    await page.getByTestId('edit-save').click();
    await page.waitForURL((url) => url.pathname === '/settings/refill_operators');
    const operators = await api.call<Array<{ username: string; alert_emails: string }>>(
      'GET',
      '/report/api.php/refill_operators',
    );
    expect(operators.find((o) => o.username === username)?.alert_emails).toBe('frota@e2e.test,dono@e2e.test');

    await page.goto('/settings/refill_station');
    await page.getByTestId('station-main').click();
    const options = await page.getByTestId('station-main-option').allTextContents();
    expect(options[0]).toBe('Nenhum');
    expect(options).toContain(fleet.stations.main.name);
    await page.getByRole('option', { name: fleet.stations.main.name, exact: true }).click();
    await page.getByTestId('station-name').fill(`${tag} Tanque Sul`);
    await page.getByTestId('station-code').fill(`TS${tag}`.toUpperCase());
    await page.getByTestId('station-total_capacity').fill('2500');
    await screenshot(page, 'refills-station-form');
    await page.getByTestId('edit-save').click();
    await page.waitForURL((url) => url.pathname === '/settings/refill_stations');
    const stations = await api.call<Array<{ id: number; name: string; mainStationId: number }>>(
      'GET',
      '/report/api.php/refill_stations',
    );
    const added = stations.find((s) => s.name === `${tag} Tanque Sul`);
    expect(added?.mainStationId).toBe(fleet.stations.main.id);
    await page.locator(`[data-testid="station-row"][data-id="${added!.id}"]`).waitFor();
    expect(
      await page.locator(`[data-testid="station-row"][data-id="${added!.id}"]`).getAttribute('data-main-id'),
    ).toBe(String(fleet.stations.main.id));
  }, 90_000);

  it('lets a refill-module user without the summary add and edit refills', async () => {
    const email = uniqueEmail('abastecedor');
    const user = await api.createUser({
      name: `${tag} Abastecedor`,
      email,
      password: PASSWORD,
      attributes: { permissions: ['module.refills'] },
    });
    await api.call('POST', '/api/permissions', { userId: user.id, deviceId: fleet.ids.truck });
    await api.call('POST', '/api/permissions', { userId: user.id, driverId: fleet.ids.driver });
    // A refill of the truck with no station (the stations belong to the administrator's client).
    const extra = await api.call<{ id: number }>('POST', `/report/api.php/refill/${fleet.ids.truck}`, {
      cost_date: luandaTime(1),
      cost: 3000,
      litres: 10,
      km: 1350,
      invoice: `FT ${tag} B`,
    });
    t = await sessionOnly(browser, email, PASSWORD);
    const { page } = t;
    await page.goto('/refills');
    const truckRows = [fleet.refills.truckFirst, fleet.refills.truckRed, fleet.refills.truckYellow];
    await expectRows(page, [...truckRows, extra.id]);
    await openRefill(page, extra.id);
    // No userLimit: no remove; editing keeps the km and hours as recorded.
    expect(await page.getByTestId('refill-remove').count()).toBe(0);
    await page.getByTestId('refill-edit').click();
    await page.waitForURL((url) => url.pathname === `/management/refill/${extra.id}`);
    await untilDom(page, async () => expect(await page.getByTestId('refill-cost').inputValue()).toBe('3000'));
    expect(await page.getByTestId('refill-km').isDisabled()).toBe(true);
    await page.getByTestId('refill-details').fill('Confirmado pelo motorista');
    await saveTo(page, '/refills');
    const saved = await api.call<{ details: string; km: number }>(
      'GET',
      `/report/api.php/refill/${fleet.ids.truck}/${extra.id}`,
    );
    expect(saved).toMatchObject({ details: 'Confirmado pelo motorista', km: 1350 });
    await api.call('DELETE', `/report/api.php/refill/${fleet.ids.truck}/${extra.id}`);

    await page.getByTestId('refill-add').click();
    await page.waitForURL((url) => url.pathname === '/management/refill');
    await page.getByTestId('refill-vehicle').click();
    const offered = await page.getByTestId('refill-vehicle-option').allTextContents();
    expect(offered).toEqual([`${fleet.names.truck} (${fleet.names.plateTruck})`]);
  }, 90_000);

  it('shows the centre on a phone, and no add button to a read-only user', async () => {
    const email = uniqueEmail('leitor');
    const reader = await api.createUser({
      name: `${tag} Leitor`,
      email,
      password: PASSWORD,
      readonly: true,
      attributes: { permissions: ['module.refills'] },
    });
    await api.call('POST', '/api/permissions', { userId: reader.id, deviceId: fleet.ids.truck });
    t = await sessionOnly(browser, email, PASSWORD);
    const { page } = t;
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/refills');
    await page.getByTestId('refills-filters-toggle').waitFor();
    // The reader sees the truck only.
    await expectRows(page, [fleet.refills.truckFirst, fleet.refills.truckRed, fleet.refills.truckYellow]);
    expect(await page.getByTestId('refill-add').count()).toBe(0);
    expect(await page.getByTestId('refills-filter-vehicle').isVisible()).toBe(false);
    // a phone reads the totals above the cards, which keep the rest of the height
    const totals = (await page.getByTestId('refills-total-filled').boundingBox())!;
    const firstCard = (await page.getByTestId('refill-row').first().boundingBox())!;
    expect(totals.y + totals.height).toBeLessThanOrEqual(firstCard.y);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'refills-phone');
    await page.getByTestId('refills-settings').click();
    await page.getByTestId('refills-menu-operators').waitFor();
    // No userLimit: no stations entry.
    expect(await page.getByTestId('refills-menu-stations').count()).toBe(0);
    await page.keyboard.press('Escape');
    await openRefill(page, fleet.refills.truckRed);
    expect(await page.getByTestId('refill-remove').count()).toBe(0);
    expect(await page.getByTestId('refill-edit').count()).toBe(0);
    // sharing by e-mail sends mail in the platform's name: a write, refused to read-only users (issue 33)
    expect(await page.getByTestId('refill-share').count()).toBe(0);
  }, 90_000);
});
