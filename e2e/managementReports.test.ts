/**
 * The management reports in the browser (issue 19): cost analysis, cost list and monthly litres on a
 * fleet whose costs are known in advance, the year, month and cost type selectors, the charts, the menus
 * from the management permissions, and the cost list as a spreadsheet for the accountant.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { AdminApi, uniqueEmail } from './src/api';
import {
  downloadBytes,
  describeBrowser,
  e2e,
  launchBrowser,
  openPage,
  openSideMenu,
  screenshot,
  type TestPage,
} from './src/browser';
import { dayTrack, feedOsmand } from './src/reportsFleet';
import {
  choose,
  loginAs,
  loginOnly,
  openReport,
  pick,
  query,
  tableHeader,
  tableRows,
} from './src/reportsPage';
import { xlsxRows } from './src/settingsKit';

const API = '/report/api.php';
const PASSWORD = 'Senha-Boa-123';
const REPORT_PERMISSIONS = ['management.analysis', 'management.cost_list', 'management.monthly_liters'];

/** The 10th of last month in Africa/Luanda (UTC+1): inside the last 24 months and a year on the selector. */
function lastMonthDay(): string {
  const luanda = new Date(Date.now() + 3_600_000);
  return new Date(Date.UTC(luanda.getUTCFullYear(), luanda.getUTCMonth() - 1, 10)).toISOString().slice(0, 10);
}

/** A money or number cell as shown in pt-PT (`375 500,50 Kz`, `1,5`) as a number; NaN when empty. */
function amount(text: string): number {
  const plain = text.replace(/[^\d,-]/g, '').replace(',', '.');
  return plain ? Number(plain) : Number.NaN;
}

const amounts = (row: string[], from: number, to: number): number[] => row.slice(from, to).map(amount);

interface Seeded {
  tag: string;
  day: string;
  year: string;
  month: string;
  truck: { id: number; name: string; plate: string };
  van: { id: number; name: string; plate: string };
  email: string;
  litresOnlyEmail: string;
}

/**
 * Two vehicles of a manager who has the three report permissions, every cost on the 10th of last month:
 *   truck: maintenance 1 000,50; refill 20 L 6 000; insurance 350 000; tax 18 500 => 375 500,50, and the
 *          positions of a working day (two trips);
 *   van:   refill 12 L 3 600; cleaning 7 500; other 2 000,50 => 13 100,50.
 * The fleet: 388 601,00, refills 32 L for 9 600.
 */
async function seed(api: AdminApi): Promise<Seeded> {
  const tag = `m${Date.now().toString(36)}`;
  const day = lastMonthDay();
  const suffix = tag.slice(-4).toUpperCase();
  const post = <T>(path: string, body: unknown) => api.call<T & { id: number }>('POST', path, body);
  const vehicle = async (name: string, plate: string, uniqueId: string) => {
    const created = await post('/api/devices', { name, uniqueId, attributes: { license_plate: plate } });
    return { id: created.id, name, plate };
  };
  const truck = await vehicle(`${tag} Camião`, `LD-${suffix}-01`, `${tag}1`);
  const van = await vehicle(`${tag} Carrinha`, `LD-${suffix}-02`, `${tag}2`);
  const email = uniqueEmail('custos');
  const manager = await api.createUser({
    name: `Gestor ${tag}`,
    email,
    password: PASSWORD,
    attributes: { permissions: REPORT_PERMISSIONS, timezone: 'Africa/Luanda' },
  });
  const litresOnlyEmail = uniqueEmail('litros');
  await api.createUser({
    name: `Litros ${tag}`,
    email: litresOnlyEmail,
    password: PASSWORD,
    attributes: { permissions: ['management.monthly_liters'] },
  });
  for (const v of [truck, van]) await post('/api/permissions', { userId: manager.id, deviceId: v.id });

  await post(`${API}/maintenance/${truck.id}`, {
    date_start: day,
    date_end: day,
    complete: 1,
    description: 'Revisão dos 90 000 km',
    km: 90000,
    location: 'Oficina Central',
    cost: 1000.5,
    invoice: `FT ${tag}`,
  });
  const refill = (deviceId: number, hour: string, litres: number, cost: number, km: number) =>
    post(`${API}/refill/${deviceId}`, { cost_date: `${day} ${hour}`, cost, litres, km, fuel_type: 'diesel' });
  await refill(truck.id, '10:00:00', 20, 6000, 90100);
  await refill(van.id, '18:00:00', 12, 3600, 45000);
  const cost = (deviceId: number, type: string, value: number, designation: string) =>
    post(`${API}/cost/${deviceId}`, {
      cost_date: day,
      cost_type: type,
      designation,
      entity: 'Entidade',
      cost: value,
      warning: 0,
    });
  await cost(truck.id, 'insurance', 350000, 'Seguro anual');
  await cost(truck.id, 'tax', 18500, 'Taxa de circulação');
  await cost(van.id, 'cleaning', 7500, 'Lavagem');
  await cost(van.id, 'other', 2000.5, 'Portagens');

  const track = dayTrack(day);
  await feedOsmand(e2e.osmandPort, `${tag}1`, track);
  // OsmAnd answers each fix only after its batch is committed: the truck's day is all there
  const results = await api.call<Array<{ data: unknown[] }>>('POST', '/report/report_positions.php', {
    devices: [truck.id],
    from: `${day} 00:00:00`,
    to: `${day} 23:59:59`,
  });
  const stored = results.reduce((sum, r) => sum + r.data.length, 0);
  if (stored < track.length) throw new Error(`truck positions: ${stored} of ${track.length} stored`);
  return { tag, day, year: day.slice(0, 4), month: day.slice(0, 7), truck, van, email, litresOnlyEmail };
}

const shotDir = resolve(dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** A screenshot in the suite's folder, also copied where the reviewer looks (`E2E_SHOTS_DIR`). */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  const extra = process.env.E2E_SHOTS_DIR;
  if (extra) {
    mkdirSync(extra, { recursive: true });
    copyFileSync(join(shotDir, `${name}.png`), join(extra, `${name}.png`));
  }
}

describeBrowser('management reports', () => {
  let browser: Browser;
  let s: Seeded;
  let t: TestPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    const api = await AdminApi.login(e2e.baseUrl, e2e.adminEmail, e2e.adminPassword);
    s = await seed(api);
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    t = await openPage(browser);
  });
  afterEach(async () => {
    await t.context.close();
    expect(t.errors).toEqual([]);
  });

  const chooseVehicles = async (page: Page) => {
    for (const v of [s.truck, s.van])
      await pick(page, 'report-devices', v.name, `report-devices-option-${v.id}`);
  };
  const openWithYear = async (page: Page, name: string) => {
    await openReport(page, name);
    await chooseVehicles(page);
    await choose(page, 'report-year', `report-year-${s.year}`);
    expect(await page.getByTestId('report-period-range').textContent()).toBe(
      `01/01/${s.year} 00:00:00 – 31/12/${s.year} 23:59:59`,
    );
  };

  it('offers the three reports in the menu from the management permissions', async () => {
    await loginAs(t.page, s.email, PASSWORD);
    await openSideMenu(t.page);
    const paths = await t.page
      .getByTestId('menu-item')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-path')));
    expect(paths).toEqual([
      '/report/management_analysis',
      '/report/management_cost_list',
      '/report/monthly_liters',
    ]);
    await t.context.clearCookies();
    await loginAs(t.page, s.litresOnlyEmail, PASSWORD);
    await openSideMenu(t.page);
    const only = await t.page
      .getByTestId('menu-item')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-path')));
    expect(only).toEqual(['/report/monthly_liters']);
  });

  it('cost analysis: costs by type per vehicle, km, cost per km, the monthly bars and the pie', async () => {
    await loginOnly(t.page, s.email, PASSWORD);
    await openReport(t.page, 'management_analysis');
    // a year selector, no cost type checkboxes
    expect(await t.page.getByTestId('report-year').textContent()).toBe(String(new Date().getUTCFullYear()));
    expect(await t.page.getByTestId('report-costs').count()).toBe(0);
    // or custom dates, up to ten years
    await choose(t.page, 'report-year', 'report-year-custom');
    await t.page.getByTestId('report-from').waitFor();
    await t.page.getByTestId('report-to').waitFor();
    expect(await t.page.getByTestId('report-period-range').count()).toBe(0);
    await openWithYear(t.page, 'management_analysis');
    await query(t.page);
    expect(await t.page.getByTestId('report-table-title').first().textContent()).toBe(
      'Análise de custos - Frota',
    );
    expect(await tableHeader(t.page)).toEqual([
      'Veículo',
      'Matrícula',
      'Manutenção',
      'Abastecimento',
      'Seguro',
      'Licença',
      'Imposto',
      'Limpeza',
      'Outro',
      'Total',
      'Distância (km)',
      'Horas de motor (h)',
      'Litros',
      'Custo/km',
      'Custo/hora',
    ]);
    const [truck, van] = await tableRows(t.page);
    expect(truck.slice(0, 2)).toEqual([s.truck.name, s.truck.plate]);
    expect(amounts(truck, 2, 10)).toEqual([1000.5, 6000, 350000, 0, 18500, 0, 0, 375500.5]);
    expect(amounts(van, 2, 10)).toEqual([0, 3600, 0, 0, 0, 7500, 2000.5, 13100.5]);
    expect(truck[9]).toMatch(/^375\s500,50/);
    // the truck drove its two trips that day: cost per km is the total over those km
    const km = amount(truck[10]);
    expect(km).toBeGreaterThan(20);
    expect(km).toBeLessThan(40);
    expect(amount(truck[12])).toBe(20);
    expect(amount(truck[13])).toBeCloseTo(375500.5 / km, -1);
    // the van has no positions: no km, no cost per km
    expect(van[10]).toBe('0');
    expect(van[13]).toBe('');
    const footer = await t.page.getByTestId('report-footer').first().locator('td').allTextContents();
    expect(footer[0]).toBe('Total');
    expect(amount(footer[9])).toBe(388601);
    expect(amount(footer[12])).toBe(32);

    // the bars of the monthly costs, stacked by type, and the pie of the costs by type
    const chart = t.page.getByTestId('report-cost-chart');
    await chart.locator('.recharts-bar-rectangle').first().waitFor();
    expect(await chart.getByTestId('report-cost-chart-total').textContent()).toMatch(
      /^Custo total: 388\s601,00/,
    );
    const legend = await chart.locator('.recharts-legend-item-text').allTextContents();
    expect(legend).toEqual(['Manutenção', 'Abastecimento', 'Seguro', 'Imposto', 'Limpeza', 'Outro']);
    await t.page.getByTestId('report-pie-legend').locator('p').first().waitFor();
    const shares = await t.page.getByTestId('report-pie-legend').locator('p').allTextContents();
    expect(shares).toContain('Seguro: 90,1%');
    expect(shares).toHaveLength(6);

    // then one table per vehicle, month by month
    const monthTitle = `${s.month.slice(5, 7)}/${s.year}`;
    const truckMonths = await tableRows(t.page, 1);
    const costMonth = truckMonths.find((row) => row[0] === monthTitle)!;
    expect(amount(costMonth[8])).toBe(375500.5);
    await chart.scrollIntoViewIfNeeded();
    await shot(t.page, 'management-analysis');
    await t.page.getByTestId('report-pie').scrollIntoViewIfNeeded();
    await shot(t.page, 'management-analysis-table');

    await t.page.setViewportSize({ width: 390, height: 844 });
    // keep the pointer off the chart, or its tooltip covers the screenshot
    await t.page.mouse.move(1, 1);
    await t.page.getByTestId('report-form').scrollIntoViewIfNeeded();
    await shot(t.page, 'management-analysis-phone');
    await t.page.getByTestId('report-table').first().scrollIntoViewIfNeeded();
    await shot(t.page, 'management-analysis-phone-table');
    // nothing overflows the phone's width but the tables' own scrolling
    const overflow = await t.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('cost list: every cost line, the cost type checkboxes, totals per type and per vehicle, as Excel', async () => {
    await loginOnly(t.page, s.email, PASSWORD);
    await openWithYear(t.page, 'management_cost_list');
    const boxes = await t.page
      .getByTestId('report-costs')
      .locator('input[type="checkbox"]')
      .evaluateAll((inputs) => inputs.map((input) => input.getAttribute('data-testid')));
    expect(boxes).toEqual(
      ['maintenance', 'refill', 'insurance', 'license', 'tax', 'cleaning', 'other'].map(
        (c) => `report-cost-${c}`,
      ),
    );
    await query(t.page);
    const titles = await t.page.getByTestId('report-table-title').allTextContents();
    expect(titles).toEqual(['Lista de custos', 'Totais por tipo de custo', 'Totais por veículo']);
    const lines = await tableRows(t.page);
    expect(lines).toHaveLength(7);
    expect(lines.map((row) => [row[1], row[3], amount(row[9])])).toEqual([
      [s.truck.name, 'Manutenção', 1000.5],
      [s.truck.name, 'Abastecimento', 6000],
      [s.truck.name, 'Seguro', 350000],
      [s.truck.name, 'Imposto', 18500],
      [s.van.name, 'Abastecimento', 3600],
      [s.van.name, 'Limpeza', 7500],
      [s.van.name, 'Outro', 2000.5],
    ]);
    const footer = await t.page.getByTestId('report-footer').first().locator('td').allTextContents();
    expect([footer[0], footer[3], amount(footer[8]), amount(footer[9])]).toEqual([
      'Total',
      '7 linhas',
      32,
      388601,
    ]);
    const byType = await tableRows(t.page, 1);
    expect(byType.map((row) => [row[0], row[1], amount(row[2])])).toEqual([
      ['Manutenção', '1', 1000.5],
      ['Abastecimento', '2', 9600],
      ['Seguro', '1', 350000],
      ['Licença', '0', 0],
      ['Imposto', '1', 18500],
      ['Limpeza', '1', 7500],
      ['Outro', '1', 2000.5],
    ]);
    const byVehicle = await tableRows(t.page, 2);
    expect(byVehicle.map((row) => amount(row.at(-1)!))).toEqual([375500.5, 13100.5]);

    // no type ticked is refused on the screen (the server would read it as every type)
    await t.page.getByTestId('report-costs-all').click();
    await t.page.getByTestId('report-query').click();
    expect(await t.page.getByTestId('error-dialog').innerText()).toContain(
      'Por favor seleccione os tipos de custo pretendidos',
    );
    await t.page.getByTestId('dialog-ok').click();
    await t.page.getByTestId('error-dialog').waitFor({ state: 'detached' });
    await t.page.getByTestId('report-costs-all').click();

    // only refills and insurance: three lines for 359 600
    for (const type of ['maintenance', 'license', 'tax', 'cleaning', 'other'])
      await t.page.getByTestId(`report-cost-${type}`).uncheck();
    await query(t.page);
    await t.page.waitForFunction(() =>
      document.querySelector('[data-testid="report-footer"]')?.textContent?.includes('3 linhas'),
    );
    const chosen = await tableRows(t.page);
    expect(chosen.map((row) => row[3])).toEqual(['Abastecimento', 'Seguro', 'Abastecimento']);
    const chosenFooter = await t.page.getByTestId('report-footer').first().locator('td').allTextContents();
    expect(amount(chosenFooter[9])).toBe(359600);
    expect(await tableHeader(t.page, 2)).toEqual([
      'Veículo',
      'Matrícula',
      'Abastecimento',
      'Seguro',
      'Total',
    ]);
    await t.page.getByTestId('report-costs').scrollIntoViewIfNeeded();
    await shot(t.page, 'management-cost-list');

    // the spreadsheet for the accountant: the chosen lines, money as numbers
    await t.page.getByTestId('report-export').click();
    const [download] = await Promise.all([
      t.page.waitForEvent('download'),
      t.page.getByTestId('report-export-excel').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^management_cost_list_.*\.xlsx$/);
    const rows = xlsxRows(await downloadBytes(download));
    const header = rows.findIndex((row) => row[0] === 'Data');
    expect(rows[header]).toEqual([
      'Data',
      'Veículo',
      'Matrícula',
      'Tipo',
      'Descrição',
      'Entidade',
      'Factura',
      'Km',
      'Litros',
      'Valor',
    ]);
    const sheetLines = rows.slice(header + 1, header + 4);
    expect(sheetLines.map((row) => [row[1], row[3], Number(row[9])])).toEqual([
      [s.truck.name, 'Abastecimento', 6000],
      [s.truck.name, 'Seguro', 350000],
      [s.van.name, 'Abastecimento', 3600],
    ]);
    expect(rows[header + 4][0]).toBe('Total');
    expect(Number(rows[header + 4][9])).toBe(359600);
  });

  it('monthly litres: a month of the last 24, litres refilled per vehicle and day, totals and L/100km', async () => {
    await loginOnly(t.page, s.email, PASSWORD);
    await openReport(t.page, 'monthly_liters');
    await chooseVehicles(t.page);
    await t.page.getByTestId('report-month').click();
    expect(await t.page.locator('[data-testid^="report-month-"]').count()).toBe(24);
    await t.page.getByTestId(`report-month-${s.month}`).click();
    await t.page.getByTestId(`report-month-${s.month}`).waitFor({ state: 'detached' });
    await query(t.page);
    const titles = await t.page.getByTestId('report-table-title').allTextContents();
    expect(titles).toEqual([
      `Litros mensais - ${s.truck.name}`,
      `Litros mensais - ${s.van.name}`,
      'Litros mensais - Frota',
    ]);
    const dayText = s.day.split('-').reverse().join('/');
    const [truckDay] = await tableRows(t.page, 0);
    expect(truckDay[0]).toBe(dayText);
    expect(amounts(truckDay, 1, 4)).toEqual([1, 20, 6000]);
    const km = amount(truckDay[5]);
    expect(km).toBeGreaterThan(20);
    const vanRows = await tableRows(t.page, 1);
    expect(vanRows.map((row) => [row[0], ...amounts(row, 1, 4)])).toEqual([[dayText, 1, 12, 3600]]);
    const fleet = await tableRows(t.page, 2);
    expect(fleet.map((row) => row.at(-1))).toEqual(['Abastecimentos', 'Abastecimentos']);
    // the truck's L/100km: the litres refilled over its km (no fuel sensor)
    expect(amount(fleet[0][7])).toBeCloseTo((20 / km) * 100, 0);
    const footer = await t.page.getByTestId('report-footer').nth(2).locator('td').allTextContents();
    expect([footer[0], ...amounts(footer, 2, 5)]).toEqual(['Total', 2, 32, 9600]);
    await t.page.getByTestId('report-table').nth(2).scrollIntoViewIfNeeded();
    await shot(t.page, 'management-monthly-liters');
  });
});
