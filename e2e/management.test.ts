import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, launchBrowser, screenshot, type TestPage } from './src/browser';
import {
  createManagementFleet,
  luandaDay,
  MANAGER_PASSWORD,
  shownDay,
  type ManagementFleet,
} from './src/managementFleet';
import { chooseOption, runTag, saveExpectingError, sessionOnly, typeDate } from './src/settingsKit';
import { clickForWrite, untilDom } from './src/domWaits';

/**
 * Management (issue 17): the summary's colours, a maintenance completed, a cost with an expiry, a document
 * uploaded and one photographed with Chromium's fake camera, and the phone layout — as a manager who sees
 * only its own vehicles.
 */

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const rowState = (page: Page, testId: string, id: number) =>
  page.locator(`[data-testid="${testId}"][data-device-id="${id}"]`).getAttribute('data-state');

async function expectSummaryState(page: Page, id: number, state: string): Promise<void> {
  await untilDom(page, async () => {
    const shown = await rowState(page, 'summary-row', id);
    if (shown !== state) throw new Error(`vehicle ${id} is ${shown}, not ${state}`);
  });
}

const rowIds = (page: Page, testId: string): Promise<number[]> =>
  page.getByTestId(testId).evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-id'))));

async function waitForRows(page: Page, testId: string, count: number): Promise<number[]> {
  return untilDom(page, async () => {
    const ids = await rowIds(page, testId);
    if (ids.length !== count) throw new Error(`${ids.length} ${testId}, not ${count}`);
    return ids;
  });
}

describeBrowser('management', () => {
  let browser: Browser;
  let camera: Browser;
  let fleet: ManagementFleet;
  let t: TestPage;

  /** The stored attributes of a vehicle, as the administrator reads them. */
  const deviceAttributes = async (id: number): Promise<Record<string, unknown>> => {
    const devices = await fleet.api.call<Array<{ id: number; attributes: Record<string, unknown> }>>(
      'GET',
      '/api/devices?all=true',
    );
    const found = devices.find((device) => device.id === id);
    if (!found) throw new Error(`no vehicle ${id}`);
    return found.attributes;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    camera = await launchBrowser({ fakeCamera: true });
    fleet = await createManagementFleet(runTag('mg'));
    t = await sessionOnly(browser, fleet.email, MANAGER_PASSWORD);
  });

  afterAll(async () => {
    await t?.context.close();
    await browser?.close();
    await camera?.close();
  });

  it('colours the summary: grey in maintenance, red past due, yellow soon, neutral otherwise', async () => {
    const { page } = t;
    await page.goto('/management/summary');
    await page.getByTestId('summary-row').first().waitFor();
    const { devices } = fleet;
    await expectSummaryState(page, devices.progress.id, 'progress');
    await expectSummaryState(page, devices.overdue.id, 'overdue');
    await expectSummaryState(page, devices.soon.id, 'soon');
    await expectSummaryState(page, devices.ok.id, 'ok');
    // The manager sees its four vehicles only.
    expect(await page.getByTestId('summary-row').count()).toBe(4);
    await expect(page.getByTestId('summary-legend').textContent()).resolves.toBe(
      'Incompleta (em manutenção)BrevementeEm atraso',
    );
    // each coloured row says why, near its name (the figures behind it are further right)
    const reason = (id: number) =>
      page.locator(`[data-testid="summary-row"][data-device-id="${id}"] [data-field="reason"]`).textContent();
    await expect(reason(devices.progress.id)).resolves.toBe('Em manutenção há 3 dias');
    // the whole text on hovering too (a third reason may not fit the row's two lines)
    await expect(
      page
        .locator(`[data-testid="summary-row"][data-device-id="${devices.progress.id}"]`)
        .getByTestId('summary-reason')
        .getAttribute('title'),
    ).resolves.toBe('Em manutenção há 3 dias');
    await expect(reason(devices.overdue.id)).resolves.toBe('Custo expirado há 1 dia');
    await expect(reason(devices.soon.id)).resolves.toBe('Custo expira dentro de 10 dias');
    await expect(reason(devices.ok.id)).resolves.toBe('');
    const colour = (id: number) =>
      page
        .locator(`[data-testid="summary-row"][data-device-id="${id}"]`)
        .evaluate((row) => getComputedStyle(row).backgroundColor);
    const colours = await Promise.all(
      [devices.progress, devices.overdue, devices.soon, devices.ok].map((d) => colour(d.id)),
    );
    expect(new Set(colours).size).toBe(4);
    await screenshot(page, 'management-summary');
  });

  it('opens a vehicle from the summary and completes its open maintenance', async () => {
    const { page } = t;
    const vehicle = fleet.devices.progress;
    await page.goto('/management/summary');
    await page.locator(`[data-testid="summary-row"][data-device-id="${vehicle.id}"]`).click();
    await page.waitForURL(`**/management/maintenances/${vehicle.id}`);
    const row = page.locator(`[data-testid="maintenance-row"][data-id="${fleet.openEntryId}"]`);
    await expect(row.textContent()).resolves.toContain('em manutenção (3 dias)');

    await row.getByTestId('list-edit').click();
    await page.getByTestId('maintenance-km').waitFor();
    await expect(page.getByTestId('maintenance-date_end').count()).resolves.toBe(0);
    await page.getByTestId('maintenance-complete').check();
    await expect(page.getByTestId('maintenance-date_end').inputValue()).resolves.toBe(shownDay(luandaDay()));
    await page.getByTestId('maintenance-cost').fill('1.250,75');
    await page.getByTestId('maintenance-invoice').fill('FT 2026/118');
    await screenshot(page, 'management-maintenance-form');
    await page.getByTestId('edit-save').click();

    await page.waitForURL(`**/management/maintenances/${vehicle.id}`);
    await untilDom(page, async () => {
      const text = (await row.textContent()) ?? '';
      if (!text.includes(shownDay(luandaDay())) || text.includes('em manutenção'))
        throw new Error(`row shows ${text}`);
    });
    await expect(row.textContent()).resolves.toContain('1\u00a0250,75');
    await page.goto('/management/summary');
    await expectSummaryState(page, vehicle.id, 'ok');
  });

  it('adds a maintenance only with its required fields, in Portuguese', async () => {
    const { page } = t;
    const vehicle = fleet.devices.ok;
    await page.goto(`/management/maintenances/${vehicle.id}`);
    await page.getByTestId('maintenances-add').click();
    await page.getByTestId('maintenance-description').fill('Revisão dos 90 000 km');
    await expect(saveExpectingError(page)).resolves.toContain('Deve indicar os km');
    await page.getByTestId('maintenance-km').fill('90000');
    await page.getByTestId('maintenance-cost').fill('abc');
    await expect(saveExpectingError(page)).resolves.toContain('O custo deve ser numérico');
    await page.getByTestId('maintenance-cost').fill('320,5');
    await page.getByTestId('maintenance-periodicity_km').fill('15000');
    await page.getByTestId('edit-save').click();
    await page.waitForURL(`**/management/maintenances/${vehicle.id}`);
    await waitForRows(page, 'maintenance-row', 1);
    await expect(page.getByTestId('maintenance-row').textContent()).resolves.toContain(
      'em manutenção (0 dias)',
    );
  });

  it('records a yearly insurance with its expiry, coloured by the days left', async () => {
    const { page } = t;
    const vehicle = fleet.devices.ok;
    await page.goto(`/management/costs/${vehicle.id}`);
    await page.getByTestId('costs-add').click();
    await page.getByTestId('cost-designation').waitFor();
    await expect(page.getByTestId('cost-expiry_date').count()).resolves.toBe(0);
    await chooseOption(page, 'cost-cost_type', 'Seguro');
    await page.getByTestId('cost-entity').fill('Fidelidade Angola');
    await page.getByTestId('cost-designation').fill('Seguro anual');
    await page.getByTestId('cost-invoice').fill('FT 77');
    await page.getByTestId('cost-cost').fill('2.400,00');
    await page.getByTestId('cost-warning').check();
    await typeDate(page, 'cost-expiry_date', shownDay(luandaDay(12)));
    await page.getByTestId('edit-save').click();
    await page.waitForURL(`**/management/costs/${vehicle.id}`);
    const [id] = await waitForRows(page, 'cost-row', 1);
    const cell = page.locator(`[data-testid="cost-row"][data-id="${id}"] [data-testid="cost-expiry-cell"]`);
    await expect(cell.getAttribute('data-state')).resolves.toBe('soon');
    await expect(cell.textContent()).resolves.toBe('12');
    await expect(page.getByTestId('cost-row').textContent()).resolves.toContain('2\u00a0400,00');
    // The search is kept between visits; the export is named Costs.
    await page.getByTestId('costs-search').fill('Fidelidade');
    await page.goto(`/management/maintenances/${vehicle.id}`);
    await page.getByTestId('management-tab-costs').click();
    await expect(page.getByTestId('costs-search').inputValue()).resolves.toBe('Fidelidade');
    await waitForRows(page, 'cost-row', 1);
    await page.getByTestId('costs-export').click();
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('costs-export-csv').click(),
    ]);
    expect(csv.suggestedFilename()).toBe('Costs.csv');
    await page.getByTestId('costs-search').fill('');
    // The expired insurance of another vehicle is red.
    await page.goto(`/management/costs/${fleet.devices.overdue.id}`);
    await expect(page.getByTestId('cost-expiry-cell').getAttribute('data-state')).resolves.toBe('expired');
  });

  it('uploads a document, refuses a file above 5 MB, and opens the stored file', async () => {
    const { page, context } = t;
    const vehicle = fleet.devices.ok;
    await page.goto(`/management/documents/${vehicle.id}`);
    await page.getByTestId('documents-add').click();
    const input = page.getByTestId('document-file-input');
    await input.setInputFiles({
      name: 'grande.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(6 * 1024 * 1024, 0x25),
    });
    await expect(page.getByTestId('error-dialog').textContent()).resolves.toContain(
      'O tamanho máximo permitido é de 5 MB',
    );
    await page.getByTestId('dialog-ok').click();
    await input.setInputFiles({ name: 'certificado.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('document-file-name').textContent()).resolves.toBe('certificado.png');
    await page.getByTestId('document-preview').locator('img').waitFor();
    await page.getByTestId('document-designation').fill('Certificado de inspecção');
    await chooseOption(page, 'document-document_type', 'Inspecção');
    await page.getByTestId('edit-save').click();
    await page.waitForURL(`**/management/documents/${vehicle.id}`);
    const [id] = await waitForRows(page, 'document-row', 1);
    await expect(page.getByTestId('document-row').textContent()).resolves.toContain('PNG');
    await screenshot(page, 'management-documents');

    const stored = await context.request.get(`/report/api.php/file/${id}`);
    expect(stored.status()).toBe(200);
    expect(stored.headers()['content-type']).toContain('image/png');
    expect(Buffer.compare(await stored.body(), PNG)).toBe(0);

    // Edit mode opens the file in a new tab and offers it as a download.
    await page.getByTestId('document-row').getByTestId('list-edit').click();
    const open = page.getByTestId('document-open');
    await expect(open.getAttribute('href')).resolves.toBe(`/report/api.php/file/${id}`);
    await expect(open.getAttribute('target')).resolves.toBe('_blank');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('a[data-testid="document-download"]').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.png$/);
  });

  it('photographs a document with the camera at 2000x1500 JPEG', async () => {
    const shooter = await sessionOnly(camera, fleet.email, MANAGER_PASSWORD);
    try {
      const { page, context } = shooter;
      const vehicle = fleet.devices.soon;
      await page.goto(`/management/documents/${vehicle.id}`);
      await page.getByTestId('documents-add').click();
      await page.getByTestId('document-camera-tab').click();
      const capture = page.getByTestId('document-capture');
      await untilDom(page, async () => {
        if (await capture.isDisabled()) throw new Error('camera not ready');
      });
      await screenshot(page, 'management-document-camera');
      await capture.click();
      await expect(page.getByTestId('document-capture-size').textContent()).resolves.toBe('2000 x 1500 px');
      await page.getByTestId('document-retake').click();
      await untilDom(page, async () => {
        if (await capture.isDisabled()) throw new Error('camera not ready again');
      });
      await capture.click();
      await page.getByTestId('document-designation').fill('Livrete');
      await chooseOption(page, 'document-document_type', 'Licença');
      await page.getByTestId('document-warning').check();
      await typeDate(page, 'document-expiry_date', shownDay(luandaDay(200)));
      await page.getByTestId('edit-save').click();
      await page.waitForURL(`**/management/documents/${vehicle.id}`);
      const [id] = await waitForRows(page, 'document-row', 1);
      await expect(page.getByTestId('document-row').textContent()).resolves.toContain('JPG');
      const stored = await context.request.get(`/report/api.php/file/${id}`);
      expect(stored.headers()['content-type']).toContain('image/jpeg');
      const size = await page.evaluate(async (url) => {
        const image = new Image();
        image.src = url;
        await image.decode();
        return [image.naturalWidth, image.naturalHeight];
      }, `/report/api.php/file/${id}`);
      expect(size).toEqual([2000, 1500]);
      expect(shooter.errors).toEqual([]);
    } finally {
      await shooter.context.close();
    }
  });

  it('switches a vehicle to automatic maintenance and back to manual (without settings.devices)', async () => {
    const { page } = t;
    const vehicle = fleet.devices.overdue;
    const attributes = () => deviceAttributes(vehicle.id);
    await page.goto(`/management/settings/${vehicle.id}`);
    await page.getByTestId('settings-automatic').check();
    await page.getByTestId('settings-periodicity').fill('10000');
    expect((await clickForWrite(page, page.getByTestId('edit-save'))).ok()).toBe(true);
    expect((await attributes()).automaticMaintenance).toBe('automatic');
    expect(Number((await attributes()).automaticMaintenancePeriodicity)).toBe(10000);
    await page.goto('/management/summary');
    const row = page.locator(`[data-testid="summary-row"][data-device-id="${vehicle.id}"]`);
    await expect(row.textContent()).resolves.toContain('Automática');

    await page.goto(`/management/settings/${vehicle.id}`);
    await expect(page.getByTestId('settings-periodicity').inputValue()).resolves.toBe('10000');
    await page.getByTestId('settings-manual').check();
    await expect(page.getByTestId('settings-periodicity').count()).resolves.toBe(0);
    expect((await clickForWrite(page, page.getByTestId('edit-save'))).ok()).toBe(true);
    expect((await attributes()).automaticMaintenance).toBe('manual');
    expect(await attributes()).not.toHaveProperty('automaticMaintenancePeriodicity');
  });

  it('sets the maintenance mode on the vehicle form instead of a 1/0 switch', async () => {
    const admin = await sessionOnly(browser);
    try {
      const { page } = admin;
      const vehicle = fleet.devices.soon;
      await page.goto(`/settings/device/${vehicle.id}`);
      await chooseOption(page, 'device-automaticMaintenance', 'Automática');
      await page.getByTestId('device-automaticMaintenancePeriodicity').fill('15000');
      expect((await clickForWrite(page, page.getByTestId('edit-save'))).ok()).toBe(true);
      const saved = await deviceAttributes(vehicle.id);
      expect(saved.automaticMaintenance).toBe('automatic');
      expect(Number(saved.automaticMaintenancePeriodicity)).toBe(15000);
    } finally {
      await admin.context.close();
    }
  });

  it('fits a phone: the summary, a vehicle list and a form', async () => {
    const { page } = t;
    await page.setViewportSize({ width: 390, height: 844 });
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await page.goto('/management/summary');
    await page.getByTestId('summary-row').first().waitFor();
    expect(await fits()).toBe(true);
    // a row is a card: its name as the title, then every figure with its label, the reason in its colour
    await page.getByTestId('list-cards').waitFor();
    const overdue = page.locator(`[data-testid="summary-row"][data-device-id="${fleet.devices.overdue.id}"]`);
    expect(await overdue.getAttribute('data-state')).toBe('overdue');
    await expect(overdue.locator('[data-field="reason"]').textContent()).resolves.toBe(
      'Custo expirado há 1 dia',
    );
    expect(await overdue.innerText()).toContain('Situação');
    // a card opens the vehicle's maintenances, as a row does
    await overdue.click();
    await page.waitForURL((url) => url.pathname === `/management/maintenances/${fleet.devices.overdue.id}`);
    await page.goBack();
    await page.getByTestId('summary-legend').waitFor();
    await screenshot(page, 'management-summary-phone');
    await page.goto(`/management/costs/${fleet.devices.soon.id}`);
    await page.getByTestId('cost-row').first().waitFor();
    expect(await fits()).toBe(true);
    await page.getByTestId('costs-add').click();
    await page.getByTestId('cost-designation').waitFor();
    expect(await fits()).toBe(true);
    await screenshot(page, 'management-cost-form-phone');
    // the last tab, current: whole in view (MUI's own scroll into view left it cut at the bar's edge)
    await page.goto(`/management/settings/${fleet.devices.soon.id}`);
    await page.getByTestId('management-tab-settings').waitFor();
    await page.waitForFunction(
      () => {
        const bar = document.querySelector('.MuiTabs-scroller')?.getBoundingClientRect();
        const tab = document.querySelector('[role="tab"][aria-selected="true"]')?.getBoundingClientRect();
        return !!bar && !!tab && tab.width > 0 && tab.left >= bar.left - 1 && tab.right <= bar.right + 1;
      },
      undefined,
      { timeout: 10_000 },
    );
    expect(t.errors).toEqual([]);
  });

  it('sends a per-vehicle screen without a vehicle to the summary', async () => {
    const { page } = t;
    await page.goto('/management/costs');
    await page.waitForURL('**/management/summary');
    expect(new URL(page.url()).pathname).toBe('/management/summary');
  });
});
