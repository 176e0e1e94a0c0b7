import type { Browser, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { AdminApi, uniqueEmail } from './src/api';
import {
  downloadBytes,
  describeBrowser,
  e2e,
  launchBrowser,
  nextFrames,
  openPage,
  screenshot,
  type TestPage,
} from './src/browser';
import { createFleet, type Fleet } from './src/reportsFleet';
import arabic from '../server/src/reports/i18n/languages/ar';
import {
  choosePeriod,
  loginAs,
  loginOnly,
  openReport,
  pick,
  query,
  tableHeader,
  tableRows,
} from './src/reportsPage';

describeBrowser('report results', () => {
  let browser: Browser;
  let fleet: Fleet;
  let t: TestPage;
  let dayText: string;
  let arabicEmail: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const api = await AdminApi.login(e2e.baseUrl, e2e.adminEmail, e2e.adminPassword);
    fleet = await createFleet(api, e2e.osmandPort);
    const [y, m, d] = fleet.day.split('-');
    dayText = `${d}/${m}/${y}`;
    arabicEmail = uniqueEmail('ar');
    await api.call('POST', '/api/users', {
      name: 'عربي',
      email: arabicEmail,
      password: 'Senha-Boa-123',
      administrator: true,
      attributes: { language: 'ar' },
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    t = await openPage(browser);
    // every test opens its report first
    await loginOnly(t.page);
  });
  afterEach(async () => {
    await t.context.close();
    expect(t.errors).toEqual([]);
  });

  const vehicle = (i: number) =>
    pick(t.page, 'report-devices', fleet.devices[i].name, `report-devices-option-${fleet.devices[i].id}`);
  const open = async (name: string, devices: number[] = [0]) => {
    await openReport(t.page, name);
    for (const i of devices) await vehicle(i);
    await choosePeriod(t.page, 'yesterday');
  };

  it('shows the trips of a day as a titled table with footer, sortable and searchable', async () => {
    await open('trips');
    // before the first run the page says what to do where the results will be
    expect(await t.page.getByTestId('report-start-hint').textContent()).toContain('«Consultar»');
    await query(t.page);
    expect(await t.page.getByTestId('report-start-hint').count()).toBe(0);
    const table = t.page.getByTestId('report-table');
    expect(await table.getByTestId('report-table-title').textContent()).toContain('Viagens');
    expect(await tableHeader(t.page)).toEqual(expect.arrayContaining(['Início', 'Origem', 'Fim', 'Destino']));
    const rows = await tableRows(t.page);
    expect(rows).toHaveLength(2);
    expect(rows[0][0]).toBe(`${dayText} 08:00:00`);
    expect(rows[1][0]).toBe(`${dayText} 09:00:00`);
    expect(await table.getByTestId('report-footer').first().textContent()).toContain('Total');
    await table.getByTestId('report-table-title').evaluate((title) => title.scrollIntoView());
    await screenshot(t.page, 'reports-trips');

    await table.getByTestId('report-sort').first().click();
    await table.getByTestId('report-sort').first().click();
    expect((await tableRows(t.page))[0][0]).toBe(`${dayText} 09:00:00`);
    await table.getByTestId('list-search').fill('09:00:00');
    await t.page.waitForFunction(() => document.querySelectorAll('[data-testid="report-row"]').length === 1);

    // The table's own export: the rows as shown (searched), as CSV named after the title.
    await table.getByTestId('list-export').click();
    const [download] = await Promise.all([
      t.page.waitForEvent('download'),
      t.page.getByTestId('list-export-csv').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Viagens_Alfa_${fleet.tag}.csv`);
    const lines = (await downloadBytes(download))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0].startsWith('Início,Origem,Fim,Destino')).toBe(true);
    expect(lines).toHaveLength(3);
    expect(lines[1].startsWith(`${dayText} 09:00:00,`)).toBe(true);
    expect(lines[2].startsWith('Total,')).toBe(true);
  });

  it('lists km per vehicle and draws the km per day chart', async () => {
    await open('km', [0, 1]);
    await query(t.page);
    const rows = await tableRows(t.page);
    expect(rows.map((row) => row[0])).toEqual([fleet.devices[0].name, fleet.devices[1].name]);
    await openReport(t.page, 'chart_km');
    expect(await t.page.getByTestId('report-export').isDisabled()).toBe(true);
    await vehicle(0);
    // The week holding the fleet's day: on a Monday, yesterday belongs to the previous week.
    const sunday = new Date(`${fleet.day}T12:00:00Z`).getUTCDay() === 0;
    await choosePeriod(t.page, sunday ? 'previousWeek' : 'thisWeek');
    await query(t.page);
    const chart = t.page.getByTestId('report-chart');
    await chart.locator('.recharts-bar-rectangle').first().waitFor();
    expect(await chart.textContent()).toContain(fleet.devices[0].name);
    expect(await chart.getByTestId('report-chart-totals').textContent()).toMatch(
      /Total: [\d,]+ km · Média diária: [\d,]+ km/,
    );
    await t.page.getByTestId('report-export').click();
    expect(await t.page.locator('[data-testid^="report-export-"][role="menuitem"]').count()).toBe(1);
    await t.page.keyboard.press('Escape');
    await screenshot(t.page, 'reports-chart-km');
  });

  it('shows engine hours per day and the activity pie with one-decimal percentages', async () => {
    await open('hours');
    await query(t.page);
    expect((await tableRows(t.page)).map((row) => row[0])).toEqual([dayText]);
    await open('activity');
    await query(t.page);
    // The pie's code loads on first use: wait for its legend before reading it.
    await t.page.getByTestId('report-pie-legend').locator('p').first().waitFor();
    const legend = await t.page.getByTestId('report-pie-legend').locator('p').allTextContents();
    expect(legend.length).toBeGreaterThan(0);
    for (const text of legend) expect(text).toMatch(/: \d{1,3},\d%$/);
    await t.page.getByTestId('report-pie').scrollIntoViewIfNeeded();
    await screenshot(t.page, 'reports-activity-pie');
  });

  it('lists alerts of the chosen types', async () => {
    await open('alerts');
    await query(t.page);
    const all = await tableRows(t.page);
    expect(all.some((row) => row.some((cell) => /sos/i.test(cell)))).toBe(true);
    await t.page.getByTestId('report-event-alarmSos').uncheck();
    await query(t.page);
    await t.page.waitForFunction(
      (count) =>
        document.querySelectorAll('[data-testid="report-row"]').length < count ||
        !!document.querySelector('[data-testid="message-dialog"]'),
      all.length,
    );
  });

  it('lists the positions of a day in pages of 50 and scrolls back to the form', async () => {
    await open('positions');
    await query(t.page);
    expect(await tableRows(t.page)).toHaveLength(50);
    expect(await t.page.locator('.MuiTablePagination-displayedRows').textContent()).toMatch(
      new RegExp(`^1\\D+50 de ${fleet.positions}$`),
    );
    const top = t.page.getByTestId('report-scroll-top');
    await t.page.getByTestId('report-row').last().scrollIntoViewIfNeeded();
    await top.waitFor({ state: 'visible' });
    await top.click();
    await t.page.waitForFunction(() => {
      const form = document.querySelector('[data-testid="report-form"]')!.getBoundingClientRect();
      return form.top >= 0 && form.top < 100;
    });
  });

  it('opens the Oops dialog when the period has no data', async () => {
    await open('trips', [2]);
    await t.page.getByTestId('report-query').click();
    const dialog = t.page.getByTestId('message-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Oops!');
    expect(await dialog.textContent()).toContain('Não existem dados para o período seleccionado.');
    await screenshot(t.page, 'reports-oops');
  });

  it('downloads the CSV file with the server name and opens the PDF in a new tab', async () => {
    await open('trips');
    await t.page.getByTestId('report-export').click();
    const [download] = await Promise.all([
      t.page.waitForEvent('download'),
      t.page.getByTestId('report-export-csv').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^trips_\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d\.csv$/);
    const csv = (await downloadBytes(download)).toString('utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain('Início');
    expect(csv).toContain(`${dayText} 08:00:00`);

    await t.page.getByTestId('report-export').click();
    const [tab] = await Promise.all([
      t.context.waitForEvent('page'),
      t.page.getByTestId('report-export-pdf').click(),
    ]);
    await tab.waitForURL((url) => url.protocol === 'blob:');
    await t.page.getByTestId('report-spinner').waitFor({ state: 'detached' });
  });

  it('cancels a running report', async () => {
    await open('trips');
    let release: () => void = () => undefined;
    await t.page.route('**/report/report_trips.php', async (route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.continue().catch(() => undefined);
    });
    // the held request ends one way or the other (aborted by the cancel, or answered and ignored)
    const settled = new Promise<void>((resolve) => {
      const mine = (request: Request) => request.url().includes('report_trips.php') && resolve();
      t.page.on('requestfailed', mine);
      t.page.on('requestfinished', mine);
    });
    await t.page.getByTestId('report-query').click();
    await t.page.getByTestId('report-spinner').waitFor();
    expect(await t.page.getByTestId('report-query').isDisabled()).toBe(true);
    await t.page.getByTestId('report-cancel').click();
    await t.page.getByTestId('report-spinner').waitFor({ state: 'detached' });
    release();
    await settled;
    await nextFrames(t.page);
    expect(await t.page.getByTestId('report-results').count()).toBe(0);
    expect(await t.page.getByTestId('error-dialog').count()).toBe(0);
    expect(await t.page.getByTestId('report-query').isEnabled()).toBe(true);
  });

  it('puts a fleet summary above the vehicles’ tables; a row opens its table', async () => {
    // a short window, so the second vehicle's table starts out of view
    await t.page.setViewportSize({ width: 1280, height: 480 });
    await open('trips', [0, 1]);
    await query(t.page);
    const summary = t.page.getByTestId('report-summary');
    const rows = summary.getByTestId('report-summary-row');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(1).innerText()).toContain(fleet.devices[1].name);
    expect(await t.page.getByTestId('report-table').count()).toBe(2);
    const second = t.page.getByTestId('report-table').nth(1);
    await rows.nth(1).scrollIntoViewIfNeeded();
    expect((await second.boundingBox())!.y).toBeGreaterThan(480);
    await rows.nth(1).click();
    await expect.poll(async () => (await second.boundingBox())!.y, { timeout: 10_000 }).toBeLessThan(200);
    await screenshot(t.page, 'reports-fleet-summary');
  });

  it('runs the km by group report for a group alone', async () => {
    await openReport(t.page, 'group_km');
    await pick(t.page, 'report-groups', fleet.groupName, `report-groups-option-${fleet.groupId}`);
    await choosePeriod(t.page, 'yesterday');
    expect(await t.page.getByTestId('report-query').isDisabled()).toBe(false);
    await query(t.page);
    const [row] = await tableRows(t.page);
    expect(row![0]).toBe(fleet.groupName);
    // the group's two vehicles, counted from the group
    expect(row![1]).toBe('2');
  });

  it('lays the form and the results out right to left in Arabic', async () => {
    await t.context.clearCookies();
    await loginAs(t.page, arabicEmail, 'Senha-Boa-123');
    await open('trips');
    expect(await t.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await t.page.getByTestId('report-query').textContent()).toBe('استعلام');
    await query(t.page);
    expect(await tableRows(t.page)).toHaveLength(2);
    // the report's own texts follow the reader's language (the server's report tables)
    const title = await t.page.getByTestId('report-table-title').textContent();
    expect(title).toContain(`${arabic.Viagens} - ${fleet.devices[0].name}`);
    expect(await t.page.getByTestId('report-table').textContent()).toContain(arabic['Duração']);
    await screenshot(t.page, 'reports-arabic');
    await t.page.getByTestId('report-table-title').evaluate((title) => title.scrollIntoView());
    await screenshot(t.page, 'reports-arabic-table');
  });
});
