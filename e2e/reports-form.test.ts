import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { AdminApi } from './src/api';
import { describeBrowser, e2e, launchBrowser, openPage, screenshot, type TestPage } from './src/browser';
import { createFleet, type Fleet } from './src/reportsFleet';
import { chips, choose, choosePeriod, loginOnly, openReport, pick, typeDateTime } from './src/reportsPage';

describeBrowser('report filter form', () => {
  let browser: Browser;
  let fleet: Fleet;
  let t: TestPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    const api = await AdminApi.login(e2e.baseUrl, e2e.adminEmail, e2e.adminPassword);
    fleet = await createFleet(api);
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

  const errorText = async () => {
    const dialog = t.page.getByTestId('error-dialog');
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    await t.page.getByTestId('dialog-ok').click();
    await dialog.waitFor({ state: 'detached' });
    return text;
  };

  it('keeps Query and export disabled until a vehicle is chosen; a group adds its vehicles', async () => {
    await openReport(t.page, 'trips');
    expect(await t.page.getByTestId('report-query').isDisabled()).toBe(true);
    expect(await t.page.getByTestId('report-export').isDisabled()).toBe(true);
    await pick(t.page, 'report-devices', fleet.groupName, `report-devices-group-${fleet.groupId}`);
    expect(await chips(t.page, 'report-devices')).toEqual([
      `${fleet.devices[0].name} (${fleet.devices[0].plate})`,
      `${fleet.devices[1].name} (${fleet.devices[1].plate})`,
    ]);
    expect(await t.page.getByTestId('report-query').isEnabled()).toBe(true);
    expect(await t.page.getByTestId('report-export').isEnabled()).toBe(true);
    await t.page.getByTestId('report-export').click();
    for (const format of ['pdf', 'excel', 'csv', 'xml'])
      await t.page.getByTestId(`report-export-${format}`).waitFor();
    await t.page.keyboard.press('Escape');

    await t.page.getByTestId('report-by-driver').click();
    expect(await t.page.getByTestId('report-query').isDisabled()).toBe(true);
    await pick(t.page, 'report-drivers', fleet.driverName, 'report-drivers-option-' + (await driverId()));
    expect(await chips(t.page, 'report-drivers')).toEqual([fleet.driverName]);
    expect(await t.page.getByTestId('report-query').isEnabled()).toBe(true);
    await t.page.getByTestId('report-by-vehicle').click();
    expect(await chips(t.page, 'report-devices')).toHaveLength(2);
    await t.page.getByTestId('report-devices-clear').click();
    expect(await t.page.getByTestId('report-query').isDisabled()).toBe(true);
  });

  const driverId = async () => {
    const api = await AdminApi.login(e2e.baseUrl, e2e.adminEmail, e2e.adminPassword);
    const drivers = await api.call<Array<{ id: number; name: string }>>('GET', '/api/drivers');
    return drivers.find((d) => d.name === fleet.driverName)!.id;
  };

  it('offers every period preset and shows the period each gives', async () => {
    await openReport(t.page, 'trips');
    await t.page.getByTestId('report-period').click();
    const presets = await t.page
      .locator('[data-testid^="report-period-"][role="option"]')
      .evaluateAll((items) =>
        items.map((item) => item.getAttribute('data-testid')!.replace('report-period-', '')),
      );
    expect(presets).toEqual([
      'today',
      'yesterday',
      'dayBeforeYesterday',
      'thisWeek',
      'previousWeek',
      'thisMonth',
      'previousMonth',
      'thisYear',
      'previousYear',
      'year',
      'custom',
      'customDay',
      'total',
    ]);
    await t.page.keyboard.press('Escape');
    const [y, m, d] = fleet.day.split('-');
    await choosePeriod(t.page, 'yesterday');
    expect(await t.page.getByTestId('report-period-range').textContent()).toBe(
      `${d}/${m}/${y} 00:00:00 – ${d}/${m}/${y} 23:59:59`,
    );
    await choosePeriod(t.page, 'year');
    await choose(t.page, 'report-year', 'report-year-2024');
    expect(await t.page.getByTestId('report-period-range').textContent()).toBe(
      '01/01/2024 00:00:00 – 31/12/2024 23:59:59',
    );
    // a single day among the range presets: the whole of that day
    await choosePeriod(t.page, 'customDay');
    await typeDateTime(t.page, 'report-day', `${d}/${m}/${y}`);
    expect(await t.page.getByTestId('report-period-range').textContent()).toBe(
      `${d}/${m}/${y} 00:00:00 – ${d}/${m}/${y} 23:59:59`,
    );
    await screenshot(t.page, 'reports-form-custom-day');
    await choosePeriod(t.page, 'custom');
    await t.page.getByTestId('report-from').waitFor();
    await typeDateTime(t.page, 'report-from', '01/02/2026 08:30:00');
    expect(await t.page.getByTestId('report-from').locator('input').inputValue()).toBe('01/02/2026 08:30:00');
    await screenshot(t.page, 'reports-form-custom');
  });

  it('shows the working-hours panel for work trips with custom hours and checks HH:MM', async () => {
    await openReport(t.page, 'trips');
    await pick(
      t.page,
      'report-devices',
      fleet.devices[0].name,
      `report-devices-option-${fleet.devices[0].id}`,
    );
    expect(await t.page.getByTestId('report-working-hours').count()).toBe(0);
    await choose(t.page, 'report-field-select1', 'report-field-select1-1');
    await t.page.getByTestId('report-working-hours').waitFor();
    expect(await t.page.getByTestId('report-hours-weekdays-start').inputValue()).toBe('09:00');
    expect(await t.page.getByTestId('report-hours-saturday-end').inputValue()).toBe('13:00');
    expect(await t.page.getByTestId('report-hours-sunday-on').isChecked()).toBe(false);
    await t.page.getByTestId('report-hours-weekdays-end').fill('25:00');
    await t.page.getByText('Hora de trabalho inválida: 25:00').waitFor();
    await screenshot(t.page, 'reports-form-working-hours');
    await t.page.getByTestId('report-query').click();
    const text = await errorText();
    expect(text).toContain('Erro');
    expect(text).toContain('Por favor introduza as horas de trabalho no formato HH:MM');
    await choose(t.page, 'report-field-select2', 'report-field-select2-1');
    expect(await t.page.getByTestId('report-working-hours').count()).toBe(0);
  });

  it('refuses more than 31 days with two vehicles, on the client', async () => {
    await openReport(t.page, 'km');
    await pick(t.page, 'report-devices', fleet.groupName, `report-devices-group-${fleet.groupId}`);
    await choosePeriod(t.page, 'custom');
    await typeDateTime(t.page, 'report-from', '01/01/2026 00:00:00');
    await typeDateTime(t.page, 'report-to', '15/02/2026 23:59:59');
    const requests: string[] = [];
    t.page.on('request', (request) => requests.push(request.url()));
    await t.page.getByTestId('report-query').click();
    expect(await errorText()).toContain('Por favor seleccione um período máximo de 31 dias');
    expect(requests.filter((url) => url.includes('report_km.php'))).toEqual([]);
  });

  it('offers the event types, the zone filter and the month and day selectors', async () => {
    await openReport(t.page, 'alerts');
    const offered = () =>
      t.page
        .locator('[data-testid^="report-event-"]')
        .evaluateAll((items) =>
          items.map((item) => item.getAttribute('data-testid')!.replace('report-event-', '')),
        );
    const events = await offered();
    // The administrator holds global.alert_seatbelt_lights; fuel drops only when some vehicle has CAN-Bus
    // (other suites on the same server may add one meanwhile, and the page may first show the fleet its last
    // visit kept: the offer follows once the fleet it loads arrives).
    expect(events).toContain('alarmSeatbeltAndLights');
    const anyCanbus = () =>
      t.page.evaluate(() =>
        fetch('/report/api.php/devices?disabled=true')
          .then((r) => r.json() as Promise<Array<{ attributes?: Record<string, unknown> }>>)
          .then((devices) =>
            devices.some((d) => [1, '1', true, 'true'].includes(d.attributes?.has_canbus as never)),
          ),
      );
    const consistent = async () => (await offered()).includes('deviceFuelDrop') === (await anyCanbus());
    // a page behind the fleet (a vehicle added since it loaded) is opened again until the two agree
    await expect
      .poll(
        async () => {
          if (await consistent()) return true;
          await openReport(t.page, 'alerts');
          return consistent();
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(events).toContain('alarmSos');
    await t.page.getByTestId('report-events-all').click();
    expect(await t.page.getByTestId('report-event-alarmSos').isChecked()).toBe(false);

    await openReport(t.page, 'speeding');
    await t.page.getByTestId('report-zone-filter').check();
    await t.page.getByTestId('report-zones').waitFor();
    expect(await t.page.getByTestId('report-field-text1').inputValue()).toBe('0');

    await openReport(t.page, 'monthly_km');
    await t.page.getByTestId('report-month').click();
    expect(await t.page.locator('[data-testid^="report-month-"][role="option"]').count()).toBe(24);
    await t.page.keyboard.press('Escape');

    await openReport(t.page, 'positions');
    await t.page.getByTestId('report-period').click();
    expect(await t.page.locator('[data-testid^="report-period-"][role="option"]').count()).toBe(4);
    await t.page.getByTestId('report-period-customDay').click();
    await t.page.getByTestId('report-day').waitFor();
    await screenshot(t.page, 'reports-form-positions');
  });

  it('fits a phone screen', async () => {
    await t.page.setViewportSize({ width: 390, height: 844 });
    await openReport(t.page, 'speeding');
    await pick(t.page, 'report-devices', fleet.groupName, `report-devices-group-${fleet.groupId}`);
    await t.page.getByTestId('report-zone-filter').check();
    const overflow = await t.page
      .getByTestId('report-form')
      .evaluate((form) => form.scrollWidth - form.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(t.page, 'reports-form-phone');
  });
});
