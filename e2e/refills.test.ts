import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { uniqueEmail, type AdminApi } from './src/api';
import { describeBrowser, e2e, launchBrowser, screenshot, type TestPage } from './src/browser';
import {
  createRefillsFleet,
  luandaDay,
  luandaTime,
  postFromPhone,
  type RefillsFleet,
} from './src/refillsFleet';
import {
  PASSWORD,
  adminApi,
  columnTexts,
  eventually,
  runTag,
  sessionAs,
  sessionOnly,
  waitForColumn,
} from './src/settingsKit';

/**
 * The refill area (issue 18 point 4): the centre's filters, totals and consumption colours, the detail
 * dialog and its e-mail form, a manual refill added, station labels and QR code, the phone layout, and a
 * read-only user who gets no add button.
 */

const shownIds = (page: Page): Promise<number[]> =>
  page
    .getByTestId('refill-row')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-id'))).sort((a, b) => a - b));

async function expectRows(page: Page, ids: number[]): Promise<void> {
  const wanted = [...ids].sort((a, b) => a - b);
  await eventually(async () => {
    const shown = await shownIds(page);
    if (JSON.stringify(shown) !== JSON.stringify(wanted))
      throw new Error(`rows ${JSON.stringify(shown)}, not ${JSON.stringify(wanted)}`);
  }, 12_000);
}

async function pick(page: Page, filter: string, labels: string[]): Promise<void> {
  for (const label of labels) {
    await page.getByTestId(`refills-filter-${filter}`).click();
    await page.getByTestId(`refills-filter-${filter}`).fill(label);
    await page.getByTestId(`refills-filter-${filter}-option`).filter({ hasText: label }).first().click();
  }
  await page.keyboard.press('Escape');
}

/** The colour state of one consumption cell of a refill's row. */
const cellState = (page: Page, id: number, field: string): Promise<string | null> =>
  page
    .locator(
      `[data-testid="refill-row"][data-id="${id}"] [data-testid="refill-consumption-cell"][data-field="${field}"]`,
    )
    .getAttribute('data-state');

async function openRefill(page: Page, id: number): Promise<void> {
  await page.locator(`[data-testid="refill-row"][data-id="${id}"] [data-testid="refill-open"]`).click();
  await page.getByTestId('refill-dialog').waitFor();
}

/** Saves the form and waits to be back on `path`; a refused save fails with the error dialog's text. */
async function saveTo(page: Page, path: string): Promise<void> {
  await page.getByTestId('edit-save').click();
  const refused = page.getByTestId('error-dialog');
  await Promise.race([
    page.waitForURL((url) => url.pathname === path),
    refused.waitFor().then(async () => {
      throw new Error(`save refused: ${await refused.textContent()}`);
    }),
  ]);
}

describeBrowser('refills', () => {
  const tag = runTag('rfl');
  let browser: Browser;
  let api: AdminApi;
  let t: TestPage | undefined;
  let fleet: RefillsFleet;
  let all: number[];

  beforeAll(async () => {
    browser = await launchBrowser();
    api = await adminApi();
    fleet = await createRefillsFleet(api, tag);
    all = Object.values(fleet.refills);
  }, 60_000);

  afterEach(async () => {
    if (t) {
      expect(t.errors).toEqual([]);
      await t.context.close();
      t = undefined;
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('filters the centre, colours the consumptions and totals the matches', async () => {
    t = await sessionOnly(browser);
    const { page } = t;
    await page.goto('/refills');
    await page.getByRole('heading', { name: 'Central de abastecimentos' }).waitFor();
    await pick(page, 'vehicle', [fleet.names.truck, fleet.names.van]);
    await expectRows(page, all);
    expect(await page.getByTestId('refills-count').getAttribute('data-count')).toBe('6');

    // 48 L/100km against 35/45 is red; 40 yellow; the van's 8 against 12/15 green; first refills blank.
    const { refills } = fleet;
    expect(await cellState(page, refills.truckRed, 'consumption_l100km')).toBe('red');
    expect(await cellState(page, refills.truckYellow, 'consumption_l100km')).toBe('yellow');
    expect(await cellState(page, refills.vanGreen, 'consumption_l100km')).toBe('green');
    expect(await cellState(page, refills.truckFirst, 'consumption_l100km')).toBe('');
    const red = page.locator(
      `[data-testid="refill-row"][data-id="${refills.truckRed}"] [data-field="consumption_l100km"][role="gridcell"]`,
    );
    expect(await red.textContent()).toBe('48,00');

    // Totals over every match: 278 L filled; 168 L consumed over 800 km = 21 L/100km.
    await eventually(async () => {
      expect(await page.getByTestId('refills-total-filled').textContent()).toBe('Total Abastecido: 278,00 L');
    });
    expect(await page.getByTestId('refills-total-consumed').textContent()).toBe(
      'Total Consumido: 168,00 L · 800 km · 21,00 L/100km',
    );
    await screenshot(page, 'refills-centre');

    await pick(page, 'type', ['App']);
    await expectRows(page, [refills.app]);
    await pick(page, 'type', ['Todos']);
    // The phone's refill takes its fuel from the server (station or vehicle): expect what it stored.
    const vanRefills = await api.call<Array<{ id: number; fuelType: string }>>(
      'GET',
      `/report/api.php/refill/${fleet.ids.van}`,
    );
    const appFuel = vanRefills.find((r) => r.id === refills.app)?.fuelType;
    await pick(page, 'fuel', ['Gasolina']);
    await expectRows(page, [
      refills.vanFirst,
      refills.vanGreen,
      ...(appFuel === 'gasoline' ? [refills.app] : []),
    ]);
    await pick(page, 'fuel', ['Todos']);
    await pick(page, 'group', [fleet.names.group]);
    await expectRows(page, [refills.truckFirst, refills.truckRed, refills.truckYellow]);
    await pick(page, 'group', ['Todos']);
    await pick(page, 'driver', [fleet.names.driver]);
    await expectRows(page, [refills.truckFirst, refills.truckRed]);
    await pick(page, 'driver', ['Todos']);

    // Search: the operator's name and the site's, case-insensitive.
    await page.getByTestId('refills-search').fill(fleet.operator.name.toUpperCase());
    await expectRows(page, [refills.app]);
    await page.getByTestId('refills-search').fill(fleet.stations.aux.name.toLowerCase());
    await expectRows(page, [refills.truckYellow]);
    await page.getByTestId('refills-search').fill(fleet.names.plateVan);
    await expectRows(page, [refills.vanFirst, refills.vanGreen, refills.app]);
    await page.getByTestId('refills-search').fill('');
    await expectRows(page, all);
  }, 120_000);

  it("shows a refill from an operator's phone in the open centre without a reload", async () => {
    t = await sessionOnly(browser);
    const { page } = t;
    await page.goto('/refills');
    await pick(page, 'vehicle', [fleet.names.van]);
    const before = [fleet.refills.vanFirst, fleet.refills.vanGreen, fleet.refills.app];
    await expectRows(page, before);
    const posted = await postFromPhone(fleet.operator, {
      stationCode: fleet.stations.main.code,
      vehicleCode: fleet.names.plateVan,
      litres: 12,
      cost: 3600,
    });
    // The socket's refill notice reads the page again at once (not at the map's 10 s flush): within a
    // second, with room for a loaded machine.
    await eventually(async () => {
      const shown = await shownIds(page);
      if (!shown.includes(posted)) throw new Error(`rows ${JSON.stringify(shown)}`);
    }, 4_000);
    expect(await page.locator(`[data-testid="refill-row"][data-id="${posted}"]`).textContent()).toContain(
      'App',
    );
    await api.call('DELETE', `/report/api.php/refill/${fleet.ids.van}/${posted}`);
  }, 60_000);

  it('refuses a period over 365 days with the Oops! dialog', async () => {
    t = await sessionOnly(browser);
    const { page } = t;
    await page.goto('/refills');
    const from = page.locator('[data-testid="refills-period"] input').first();
    await eventually(async () => expect(await from.inputValue()).toMatch(/^\d\d\/\d\d\/\d{4}$/));
    const [y, m, d] = luandaDay(400).split('-');
    await from.locator('xpath=..').locator('.MuiPickersInputBase-sectionContent').first().click();
    await page.keyboard.type(`${d}${m}${y}`);
    const dialog = page.getByTestId('message-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Oops!');
    expect(await dialog.textContent()).toContain('Por favor seleccione um período máximo de 365 dias');
    await page.getByTestId('dialog-ok').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await from.inputValue()).not.toBe(`${d}/${m}/${y}`);
  }, 60_000);

  it('shows a refill with its operator, station and pin, and checks the e-mail form', async () => {
    t = await sessionOnly(browser);
    const { page } = t;
    await page.goto('/refills');
    await pick(page, 'vehicle', [fleet.names.truck]);
    await expectRows(page, [fleet.refills.truckFirst, fleet.refills.truckRed, fleet.refills.truckYellow]);
    await openRefill(page, fleet.refills.truckRed);
    const details = page.getByTestId('refill-details');
    const text = (await details.textContent()) ?? '';
    expect(text).toContain(fleet.stations.main.name);
    expect(text).toContain(fleet.names.driver);
    expect(text).toContain('FT 2026/118');
    expect(await page.getByTestId('refill-detail-consumption').first().getAttribute('data-state')).toBe(
      'red',
    );
    await page.locator('[data-testid="refill-map"] [data-map-ready="true"]').waitFor();
    // The administrator (userLimit set) may remove; everyone who writes may edit.
    await page.getByTestId('refill-remove').waitFor();
    await page.getByTestId('refill-edit').waitFor();
    await screenshot(page, 'refills-dialog');

    await page.getByTestId('refill-share').click();
    await page.getByTestId('refill-share-dialog').waitFor();
    expect(await page.getByTestId('refill-share-cc').inputValue()).toBe(e2e.adminEmail);
    await page.getByTestId('refill-share-to').fill('dono-sem-arroba');
    await page.getByTestId('refill-share-send').click();
    expect(await page.getByTestId('refill-share-error').textContent()).toBe(
      'Endereço de e-mail de destino inválido',
    );
    await page.getByTestId('refill-share-to').fill('dono@frota.ao');
    await page.getByTestId('refill-share-cc').fill('cc-errado');
    await page.getByTestId('refill-share-send').click();
    expect(await page.getByTestId('refill-share-error').textContent()).toBe(
      'Endereço de e-mail de CC inválido',
    );
  }, 90_000);

  it('adds a manual refill from the centre, choosing the vehicle', async () => {
    t = await sessionOnly(browser);
    const { page } = t;
    await page.goto('/refills');
    await page.getByTestId('refill-add').click();
    await page.waitForURL((url) => url.pathname === '/management/refill');
    // The date defaults to now (user timezone), as YYYY-MM-DD HH:mm:ss.
    expect(await page.getByTestId('refill-cost_date').inputValue()).toMatch(
      new RegExp(`^${luandaDay(0)} \\d\\d:\\d\\d:\\d\\d$`),
    );
    await page.getByTestId('edit-save').click();
    expect(await page.getByTestId('error-dialog').textContent()).toContain('Deve escolher o veículo');
    await page.getByTestId('dialog-ok').click();
    await page.getByTestId('refill-vehicle').fill(fleet.names.van);
    await page.getByTestId('refill-vehicle-option').filter({ hasText: fleet.names.van }).first().click();
    await page.getByTestId('refill-cost').fill('4500,50');
    await page.getByTestId('refill-litres').fill('15');
    await page.getByTestId('refill-km').fill('1300');
    await page.getByTestId('refill-invoice').fill(`FT ${tag}`);
    await screenshot(page, 'refills-form');
    await page.getByTestId('edit-save').click();
    await page.waitForURL((url) => url.pathname === '/refills');

    const added = await eventually(async () => {
      const list = await api.call<Array<{ id: number; invoice: string; type: string; cost: number }>>(
        'GET',
        `/report/api.php/refill/${fleet.ids.van}`,
      );
      const found = list.find((r) => r.invoice === `FT ${tag}`);
      if (!found) throw new Error('not saved yet');
      return found;
    });
    expect(added.type).toBe('M');
    expect(added.cost).toBe(4500.5);
    await pick(page, 'vehicle', [fleet.names.van]);
    await expectRows(page, [fleet.refills.vanFirst, fleet.refills.vanGreen, fleet.refills.app, added.id]);
    await api.call('DELETE', `/report/api.php/refill/${fleet.ids.van}/${added.id}`);
  }, 90_000);

  it("lists a vehicle's refills newest first with the cost per litre; no vehicle goes to the summary", async () => {
    t = await sessionOnly(browser);
    const { page } = t;
    await page.goto(`/management/refills/${fleet.ids.truck}`);
    await waitForColumn(page, 'litres', ['80,00', '48,00', '60,00']);
    expect(await columnTexts(page, 'costPerLitre')).toEqual(['300,00 Kz', '300,00 Kz', '300,00 Kz']);
    expect(await columnTexts(page, 'invoice')).toEqual(['', 'FT 2026/118', '']);
    await screenshot(page, 'refills-vehicle-list');
    await page.goto('/management/refills');
    await page.waitForURL((url) => url.pathname === '/management/summary');
    // A form opened by its address in a fresh tab has no vehicle either.
    const fresh = await t.context.newPage();
    await fresh.goto('/management/refill');
    await fresh.waitForURL((url) => url.pathname === '/management/summary');
    await fresh.close();
  }, 60_000);

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

    // Ticked stations become a PDF of labels.
    const tick = (id: number) =>
      page.locator(`.MuiDataGrid-row[data-id="${id}"] input[type="checkbox"]`).check();
    await tick(fleet.stations.main.id);
    await tick(fleet.stations.aux.id);
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
    await eventually(async () =>
      expect(
        await page.getByTestId('code-image').evaluate((img) => (img as HTMLImageElement).naturalWidth),
      ).toBeGreaterThan(0),
    );
    const href = new URL((await page.getByTestId('code-download').getAttribute('href')) ?? '', e2e.baseUrl);
    expect(href.pathname).toBe('/report/barcode.php');
    expect(href.searchParams.get('text')).toBe(fleet.names.plateTruck);
    expect(href.searchParams.get('type')).toBe('device');
  }, 90_000);

  it('adds an operator and an auxiliary station through their forms', async () => {
    t = await sessionAs(browser);
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
    await eventually(async () => expect(await page.getByTestId('refill-cost').inputValue()).toBe('3000'));
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
    t = await sessionAs(browser, email, PASSWORD);
    const { page } = t;
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/refills');
    await page.getByTestId('refills-filters-toggle').waitFor();
    // The reader sees the truck only.
    await expectRows(page, [fleet.refills.truckFirst, fleet.refills.truckRed, fleet.refills.truckYellow]);
    expect(await page.getByTestId('refill-add').count()).toBe(0);
    expect(await page.getByTestId('refills-filter-vehicle').isVisible()).toBe(false);
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
