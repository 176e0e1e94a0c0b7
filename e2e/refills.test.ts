import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { type AdminApi } from './src/api';
import { closePage, describeBrowser, e2e, launchBrowser, screenshot, type TestPage } from './src/browser';
import { cellState, expectRows, openRefill, pick, shownIds } from './src/refillsPage';
import { createRefillsFleet, luandaDay, postFromPhone, type RefillsFleet } from './src/refillsFleet';
import { adminApi, columnTexts, runTag, sessionOnly, waitForColumn } from './src/settingsKit';
import { clickForWrite, untilDom } from './src/domWaits';

/**
 * The refill centre (issue 18 point 4): its filters, totals and consumption colours, a refill from a phone
 * shown live, the period limit, the detail dialog and its e-mail form, a manual refill added, and a
 * vehicle's refills. The stations, operators, module users and the phone layout are in refillsSetup.
 */

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

  afterEach(async () => (t = await closePage(t)));
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
    await untilDom(page, async () => {
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
    await untilDom(
      page,
      async () => {
        const shown = await shownIds(page);
        if (!shown.includes(posted)) throw new Error(`rows ${JSON.stringify(shown)}`);
      },
      4_000,
    );
    // its type, in a column further right: scrolled to as a user would
    await page.locator('.MuiDataGrid-virtualScroller').evaluate((el) => (el.scrollLeft = el.scrollWidth));
    const type = page.locator(`[data-testid="refill-row"][data-id="${posted}"] [data-field="type"]`);
    await type.waitFor();
    expect(await type.textContent()).toBe('App');
    await page.locator('.MuiDataGrid-virtualScroller').evaluate((el) => (el.scrollLeft = 0));
    await api.call('DELETE', `/report/api.php/refill/${fleet.ids.van}/${posted}`);
  }, 60_000);

  it('refuses a period over 365 days with the Oops! dialog', async () => {
    t = await sessionOnly(browser);
    const { page } = t;
    await page.goto('/refills');
    const from = page.locator('[data-testid="refills-period"] input').first();
    await untilDom(page, async () => expect(await from.inputValue()).toMatch(/^\d\d\/\d\d\/\d{4}$/));
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
    // the add button floats below the list and its totals, covering neither
    await page.getByTestId('refills-total-filled').waitFor();
    const totals = (await page.getByTestId('refills-total-filled').boundingBox())!;
    const add = (await page.getByTestId('refill-add').boundingBox())!;
    expect(add.y).toBeGreaterThanOrEqual(totals.y + totals.height);
    await page.getByTestId('refill-add').click();
    await page.waitForURL((url) => url.pathname === '/management/refill');
    // The date defaults to now (user timezone), in the date and time picker of every form.
    const [year, month, day] = luandaDay(0).split('-');
    expect(await page.getByTestId('refill-cost_date').locator('input').inputValue()).toMatch(
      new RegExp(`^${day}/${month}/${year} \\d\\d:\\d\\d:\\d\\d$`),
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
    expect((await clickForWrite(page, page.getByTestId('edit-save'))).ok()).toBe(true);
    await page.waitForURL((url) => url.pathname === '/refills');

    const list = await api.call<Array<{ id: number; invoice: string; type: string; cost: number }>>(
      'GET',
      `/report/api.php/refill/${fleet.ids.van}`,
    );
    const added = list.find((r) => r.invoice === `FT ${tag}`)!;
    expect(added).toBeDefined();
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
});
