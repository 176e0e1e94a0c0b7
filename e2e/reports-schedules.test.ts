import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { AdminApi, uniqueEmail } from './src/api';
import { describeBrowser, e2e, launchBrowser, openPage, screenshot, type TestPage } from './src/browser';
import { untilDom } from './src/domWaits';
import { createFleet, type Fleet } from './src/reportsFleet';
import { chips, choose, loginOnly, pick } from './src/reportsPage';

describeBrowser('scheduled reports', () => {
  let browser: Browser;
  let api: AdminApi;
  let fleet: Fleet;
  let t: TestPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    api = await AdminApi.login(e2e.baseUrl, e2e.adminEmail, e2e.adminPassword);
    fleet = await createFleet(api);
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

  const errorText = async () => {
    const dialog = t.page.getByTestId('error-dialog');
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    await t.page.getByTestId('dialog-ok').click();
    await dialog.waitFor({ state: 'detached' });
    return text;
  };
  const schedules = () => api.call<Array<Record<string, unknown>>>('GET', '/report/api.php/report_scheduler');
  const vehicle = (i: number) =>
    pick(t.page, 'schedule-devices', fleet.devices[i].name, `schedule-devices-option-${fleet.devices[i].id}`);

  it('creates, edits and deletes a schedule', async () => {
    await loginOnly(t.page);
    const name = `Semanal ${fleet.tag}`;
    await t.page.goto('/report/schedules');
    await t.page.getByTestId('list-add').click();
    await t.page.waitForURL((url) => url.pathname === '/report/schedule');
    await t.page.getByTestId('schedule-save').click();
    expect(await errorText()).toContain('Por favor indique o nome do relatório');
    await t.page.getByTestId('schedule-name').fill(name);
    await t.page.getByTestId('schedule-save').click();
    expect(await errorText()).toContain('Por favor seleccione os veículos pretendidos');
    await vehicle(0);
    await t.page.getByTestId('schedule-recipients').fill(' ana@e2e.test; bruno@e2e.test\nana@e2e.test ');
    await choose(t.page, 'schedule-day', 'schedule-day-3');
    expect(await t.page.getByTestId('schedule-when').textContent()).toBe(
      'Enviado todas as semanas (quarta-feira), com os 7 dias anteriores.',
    );
    await choose(t.page, 'report-field-select1', 'report-field-select1-1');
    await t.page.getByTestId('report-working-hours').waitFor();
    await screenshot(t.page, 'reports-schedule-form');
    await t.page.getByTestId('schedule-save').click();
    await t.page.waitForURL((url) => url.pathname === '/report/schedules');
    await t.page.getByText(name).waitFor();
    await screenshot(t.page, 'reports-schedules');
    // a schedule not sent yet says so, rather than a blank status
    await t.page.getByTestId('list-search').fill(name);
    await t.page.getByText('Ainda não enviado').waitFor();

    const saved = (await schedules()).find((s) => s.report_name === name)!;
    expect(saved).toMatchObject({
      report_type: 'trips',
      report_ids_type: 'V',
      report_periodicity: 'W',
      report_day: 3,
      report_format: 'pdf',
      report_destination: 'ana@e2e.test,bruno@e2e.test',
      select1_value: '1',
      weekdays_start: '09:00',
    });
    expect(String(saved.report_ids)).toBe(String(fleet.devices[0].id));

    // Edit: a new type clears the vehicles; monthly day 40 is saved as 1; an invalid recipient is refused.
    await t.page.getByTestId('list-search').fill(name);
    await t.page.getByTestId('list-edit').click();
    await t.page.waitForURL((url) => url.pathname === `/report/schedule/${saved.id}`);
    await untilDom(
      t.page,
      async () => expect(await chips(t.page, 'schedule-devices')).toHaveLength(1),
      15000,
    );
    await choose(t.page, 'schedule-type', 'schedule-type-speeding');
    expect(await chips(t.page, 'schedule-devices')).toEqual([]);
    await vehicle(1);
    await t.page.getByTestId('report-zone-filter').check();
    await choose(t.page, 'schedule-periodicity', 'schedule-periodicity-M');
    await t.page.getByTestId('schedule-day').fill('40');
    await t.page.getByTestId('schedule-recipients').fill('ana@e2e.test, not-an-address');
    await t.page.getByTestId('schedule-save').click();
    expect(await errorText()).toContain('Endereço de e-mail inválido: not-an-address');
    await t.page.getByTestId('schedule-recipients').fill('ana@e2e.test');
    await t.page.getByTestId('schedule-save').click();
    await t.page.waitForURL((url) => url.pathname === '/report/schedules');
    const edited = (await schedules()).find((s) => s.id === saved.id)!;
    expect(edited).toMatchObject({ report_type: 'speeding', report_periodicity: 'M', report_day: 1 });
    expect(String(edited.report_ids)).toBe(String(fleet.devices[1].id));

    await t.page.getByTestId('list-search').fill(name);
    await t.page.getByTestId('list-remove').click();
    await t.page.getByTestId('confirm-ok').click();
    await t.page.getByText('Sem dados').waitFor();
    expect((await schedules()).some((s) => s.id === saved.id)).toBe(false);
  });

  it('offers only the types the user may schedule and the server sends, drivers only where supported', async () => {
    const email = uniqueEmail('sched');
    await api.createUser({
      name: 'Agendador',
      email,
      password: 'Senha-Boa-123',
      attributes: {
        permissions: ['reports.schedules', 'reports.trips', 'reports.km', 'custom_reports.castel_daily'],
      },
    });
    await loginOnly(t.page, email, 'Senha-Boa-123');
    await t.page.goto('/report/schedule');
    await t.page.getByTestId('schedule-type').click();
    const types = await t.page
      .locator('[data-testid^="schedule-type-"][role="option"]')
      .evaluateAll((items) =>
        items.map((item) => item.getAttribute('data-testid')!.replace('schedule-type-', '')),
      );
    // custom_reports.castel_daily unlocks the three castel types (document 2 §2.5)
    expect(types).toEqual(['trips', 'km', 'castel_daily', 'castel_monthly', 'castel_monthly_detailed']);
    await t.page.getByTestId('schedule-type-trips').click();
    await t.page.getByTestId('schedule-ids-type').waitFor();
    await choose(t.page, 'schedule-type', 'schedule-type-km');
    expect(await t.page.getByTestId('schedule-ids-type').count()).toBe(0);
  });
});
