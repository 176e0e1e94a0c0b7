import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { uniqueEmail, type AdminApi } from './src/api';
import { closePage, describeBrowser, e2e, launchBrowser, screenshot, type TestPage } from './src/browser';
import { PASSWORD, adminApi, runTag, sessionOnly } from './src/settingsKit';
import { untilDom } from './src/domWaits';
import { expectRowIds } from './src/rowIds';

/**
 * The alert central (issue 16 item 3): filters, search, the 31-day rule, a status change with
 * observations, its history seen by a colleague who sees the vehicle (and live), the e-mail form.
 */

interface AlertEvent {
  id: number;
  eventType: string;
  deviceId: number;
  lastStatusId: number;
}

const KNOTS_PER_KMH = 1 / 1.852;

/** Sends fixes through the OsmAnd port: `alarm` raises an alarm event when it appears. */
async function feed(uniqueId: string, fixes: Array<{ minutesAgo: number; alarm?: string; driver?: string }>) {
  for (const fix of fixes) {
    const params = new URLSearchParams({
      id: uniqueId,
      lat: (-8.83 + fix.minutesAgo / 1000).toFixed(6),
      lon: '13.24',
      timestamp: String(Math.floor(Date.now() / 1000) - fix.minutesAgo * 60),
      speed: (50 * KNOTS_PER_KMH).toFixed(2),
      ignition: 'true',
    });
    if (fix.alarm) params.set('alarm', fix.alarm);
    if (fix.driver) params.set('driverUniqueId', fix.driver);
    const response = await fetch(`http://127.0.0.1:${e2e.osmandPort}/?${params.toString()}`);
    if (!response.ok) throw new Error(`osmand ${response.status}`);
  }
}

const day = (offsetDays: number): string => {
  // Africa/Luanda, UTC+1 all year: the admin's default timezone.
  const luanda = new Date(Date.now() + 3600_000 + offsetDays * 86_400_000);
  return luanda.toISOString().slice(0, 10);
};

/** Waits until the table shows exactly these events. */
const expectRows = (page: Page, ids: number[]): Promise<void> =>
  expectRowIds(page, 'event-row', ids, 'data-event-id');

/** Chooses options by their text in one of the multi-select filters, then closes its list. */
async function pick(page: Page, filter: string, labels: string[]): Promise<void> {
  for (const label of labels) {
    await page.getByTestId(`events-filter-${filter}`).click();
    await page.getByTestId(`events-filter-${filter}`).fill(label);
    await page.getByTestId(`events-filter-${filter}-option`).filter({ hasText: label }).first().click();
  }
  await page.keyboard.press('Escape');
}

const chips = (page: Page, filter: string): Promise<string[]> =>
  page
    .getByTestId(`events-filter-${filter}-chip`)
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-value') ?? ''));

async function openEvent(page: Page, id: number): Promise<void> {
  await page
    .locator(`[data-testid="event-row"][data-event-id="${id}"] [data-testid="event-status-button"]`)
    .click();
  await page.getByTestId('event-dialog').waitFor();
}

describeBrowser('alert central', () => {
  const tag = runTag('alr');
  let browser: Browser;
  let api: AdminApi;
  let t: TestPage | undefined;
  let colleague: { email: string; name: string };
  let events: { sos: AlertEvent; braking: AlertEvent; other: AlertEvent };
  let names: { truck: string; van: string; plateVan: string; driver: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    api = await adminApi();
    const post = <T>(path: string, body: unknown) => api.call<T & { id: number }>('POST', path, body);
    const group = await post('/api/groups', { name: `${tag} Norte`, attributes: {} });
    names = {
      truck: `${tag} Camião`,
      van: `${tag} Carrinha`,
      plateVan: `LD-${tag.slice(-4)}-99`,
      driver: `${tag} Rui`,
    };
    const truck = await post('/api/devices', {
      name: names.truck,
      uniqueId: `${tag}1`,
      groupId: group.id,
      attributes: { license_plate: `LD-${tag.slice(-4)}-11` },
    });
    const van = await post('/api/devices', {
      name: names.van,
      uniqueId: `${tag}2`,
      attributes: { license_plate: names.plateVan },
    });
    await post('/api/drivers', { name: names.driver, uniqueId: `RF${tag}`, attributes: {} });
    colleague = { email: uniqueEmail('colega'), name: `${tag} Colega` };
    const user = await api.createUser({
      name: colleague.name,
      email: colleague.email,
      password: PASSWORD,
      attributes: { permissions: ['module.events'] },
    });
    await api.call('POST', '/api/permissions', { userId: user.id, deviceId: truck.id });

    await feed(`${tag}1`, [
      { minutesAgo: 50 },
      { minutesAgo: 40, alarm: 'sos', driver: `RF${tag}` },
      { minutesAgo: 30, driver: `RF${tag}` },
      { minutesAgo: 20, alarm: 'hardBraking', driver: `RF${tag}` },
    ]);
    await feed(`${tag}2`, [{ minutesAgo: 45 }, { minutesAgo: 35, alarm: 'sos' }]);
    // OsmAnd answers after the commit, and a record's events are committed with it: stored by now.
    const stored = await api.call<{ total: number; data: AlertEvent[] }>(
      'GET',
      `/report/api.php/events/${day(-6)}/${day(0)}?limit=100&device=${truck.id},${van.id}`,
    );
    expect(stored.total).toBeGreaterThanOrEqual(3);
    const found = stored.data;
    const of = (deviceId: number, type: string) =>
      found.find((e) => e.deviceId === deviceId && e.eventType === type)!;
    events = {
      sos: of(truck.id, 'alarmsos'),
      braking: of(truck.id, 'alarmhardBraking'),
      other: of(van.id, 'alarmsos'),
    };
    expect(Object.values(events).every(Boolean)).toBe(true);
  }, 60_000);

  afterEach(async () => (t = await closePage(t)));
  afterAll(async () => {
    await browser?.close();
  });

  it('filters by vehicle, status and type, and searches by plate', async () => {
    t = await sessionOnly(browser);
    const { page } = t;
    await page.goto('/events');
    await page.getByRole('heading', { name: 'Central de alertas' }).waitFor();
    expect(await chips(page, 'status')).toEqual(['*']);

    await pick(page, 'vehicle', [names.truck, names.van]);
    await expectRows(page, [events.sos.id, events.braking.id, events.other.id]);
    expect(await page.getByTestId('events-count').getAttribute('data-count')).toBe('3');
    // more columns than the screen holds: a shade says so on their side, and moves as the table scrolls
    await page.getByTestId('scroll-edge-right').waitFor();
    expect(await page.getByTestId('scroll-edge-left').count()).toBe(0);
    await screenshot(page, 'alerts-list');
    await page.locator('.MuiDataGrid-virtualScroller').evaluate((el) => (el.scrollLeft = el.scrollWidth));
    await page.getByTestId('scroll-edge-left').waitFor();
    await page.getByTestId('scroll-edge-right').waitFor({ state: 'detached' });
    await page.locator('.MuiDataGrid-virtualScroller').evaluate((el) => (el.scrollLeft = 0));

    await pick(page, 'type', ['SOS']);
    expect(await chips(page, 'type')).toEqual(['alarmsos']);
    await expectRows(page, [events.sos.id, events.other.id]);
    await pick(page, 'group', [`${tag} Norte`]);
    await expectRows(page, [events.sos.id]);
    // "Outros" is no group: the van.
    await pick(page, 'group', ['Outros']);
    await expectRows(page, [events.sos.id, events.other.id]);
    // Choosing "all" clears the others.
    await pick(page, 'group', ['Todos']);
    expect(await chips(page, 'group')).toEqual(['*']);
    await pick(page, 'type', ['Todos']);
    await expectRows(page, [events.sos.id, events.braking.id, events.other.id]);

    await pick(page, 'driver', [names.driver]);
    await expectRows(page, [events.sos.id, events.braking.id]);
    await pick(page, 'driver', ['Todos']);

    await pick(page, 'status', ['Resolvido']);
    await expectRows(page, []);
    await page.getByText('Sem dados.').waitFor();
    await pick(page, 'status', ['Todos']);

    // Search: plate, case-insensitive; kept when the list is opened again.
    await page.getByTestId('events-search').fill(names.plateVan.toLowerCase());
    await expectRows(page, [events.other.id]);
    await page.goto('/');
    await page.goto('/events');
    expect(await page.getByTestId('events-search').inputValue()).toBe(names.plateVan.toLowerCase());
    await pick(page, 'vehicle', [names.truck, names.van]);
    await expectRows(page, [events.other.id]);
    await page.getByTestId('events-search').fill('');
    await expectRows(page, [events.sos.id, events.braking.id, events.other.id]);
  }, 90_000);

  it('refuses a period over 31 days with the Oops! dialog', async () => {
    t = await sessionOnly(browser);
    const { page } = t;
    await page.goto('/events');
    const from = page.getByTestId('events-from');
    await untilDom(page, async () => {
      expect(await from.inputValue()).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    });
    const before = await from.inputValue();
    const [y, m, d] = day(-45).split('-');
    await from.locator('xpath=..').locator('.MuiPickersInputBase-sectionContent').first().click();
    await page.keyboard.type(`${d}${m}${y}`);
    const dialog = page.getByTestId('message-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Oops!');
    expect(await dialog.textContent()).toContain('Por favor seleccione um período máximo de 31 dias');
    await screenshot(page, 'alerts-oops');
    await page.getByTestId('dialog-ok').click();
    await dialog.waitFor({ state: 'detached' });
    // The refused day is not kept: the pickers show a range of at most 31 days, the list still answers.
    const shown = await from.inputValue();
    expect(shown).not.toBe(`${d}/${m}/${y}`);
    const toDay = (text: string) => Date.UTC(+text.slice(6), +text.slice(3, 5) - 1, +text.slice(0, 2));
    const to = await page.getByTestId('events-to').inputValue();
    expect((toDay(to) - toDay(shown)) / 86_400_000 + 1).toBeLessThanOrEqual(31);
    expect(before).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    await page.locator('.MuiDataGrid-root').waitFor();
  }, 60_000);

  it('changes a status with observations; a colleague who sees the vehicle reads the history', async () => {
    t = await sessionOnly(browser);
    const { page } = t;
    await page.goto('/events');
    await pick(page, 'vehicle', [names.truck]);
    await expectRows(page, [events.sos.id, events.braking.id]);
    await openEvent(page, events.sos.id);
    await page.getByTestId('event-details').waitFor();
    expect(await page.getByTestId('event-details').textContent()).toContain(names.driver);
    await page.locator('[data-testid="event-map"] [data-map-ready="true"]').waitFor();
    await screenshot(page, 'alerts-dialog-details');
    await page.getByTestId('event-map-satellite').click();
    await page.locator('[data-testid="event-map"] [data-map-ready="true"]').waitFor();
    expect(await page.getByTestId('event-map-satellite').getAttribute('aria-pressed')).toBe('true');

    await page.getByTestId('event-tab-history').click();
    await page.getByText('Sem histórico.').waitFor();
    await page.getByTestId('event-tab-new').click();
    expect(await page.getByTestId('event-save').isDisabled()).toBe(true);
    await page.getByTestId('event-status-select').click();
    await page.locator('[data-testid="event-status-option"][data-status="1"]').click();
    await page.getByTestId('event-observations').fill('Oficina avisada');
    expect(await page.getByTestId('event-save').isEnabled()).toBe(true);
    await screenshot(page, 'alerts-dialog-new');
    await page.getByTestId('event-save').click();
    await page.getByText('Evento alterado com sucesso').waitFor();
    await page.getByTestId('event-dialog').waitFor({ state: 'detached' });
    const button = page.locator(
      `[data-testid="event-row"][data-event-id="${events.sos.id}"] [data-testid="event-status-button"]`,
    );
    await untilDom(page, async () => expect(await button.getAttribute('data-status')).toBe('1'));
    expect(await button.textContent()).toBe('Em resolução');
    await t.context.close();

    // The colleague sees only the truck's events, and the history of the change.
    t = await sessionOnly(browser, colleague.email, PASSWORD);
    const other = t.page;
    await other.goto('/events');
    await expectRows(other, [events.sos.id, events.braking.id]);
    await openEvent(other, events.sos.id);
    await other.getByTestId('event-tab-history').click();
    const row = other.getByTestId('event-history-row');
    await row.waitFor();
    expect(await row.count()).toBe(1);
    const text = await row.textContent();
    expect(text).toContain('Em resolução');
    expect(text).toContain('Oficina avisada');
    await screenshot(other, 'alerts-dialog-history');
    await other.getByTestId('event-cancel').click();

    // A change made elsewhere reaches the open page through the socket, filters kept.
    await pick(other, 'type', ['Travagem brusca']);
    await expectRows(other, [events.braking.id]);
    await api.call('POST', `/report/api.php/event/${events.braking.id}`, { status: 2, details: 'Resolvido' });
    const braking = other.locator(
      `[data-testid="event-row"][data-event-id="${events.braking.id}"] [data-testid="event-status-button"]`,
    );
    await untilDom(other, async () => expect(await braking.getAttribute('data-status')).toBe('2'), 20_000);
    expect(await chips(other, 'type')).toEqual(['alarmhardBraking']);
  }, 120_000);

  it("sends by e-mail: CC is the user's address, an invalid destination shows the server's message", async () => {
    t = await sessionOnly(browser);
    const { page } = t;
    await page.goto('/events');
    await pick(page, 'vehicle', [names.van]);
    await expectRows(page, [events.other.id]);
    await openEvent(page, events.other.id);
    await page.getByTestId('event-email').click();
    await page.getByTestId('event-email-dialog').waitFor();
    expect(await page.getByTestId('event-email-cc').inputValue()).toBe(e2e.adminEmail);
    await page.getByTestId('event-email-to').fill('oficina-sem-arroba');
    await page.getByTestId('event-email-send').click();
    await page.getByTestId('event-email-error').waitFor();
    expect(await page.getByTestId('event-email-error').textContent()).toBe(
      'Endereço de e-mail de destino inválido',
    );
    await screenshot(page, 'alerts-email');
  }, 60_000);

  it('folds the filters into a panel on a phone', async () => {
    t = await sessionOnly(browser);
    const { page } = t;
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/events');
    await page.getByTestId('events-filters-toggle').waitFor();
    expect(await page.getByTestId('events-filter-status').isVisible()).toBe(false);
    await screenshot(page, 'alerts-phone');
    await page.getByTestId('events-filters-toggle').click();
    await page.getByTestId('events-filter-status').waitFor({ state: 'visible' });
    await screenshot(page, 'alerts-phone-filters');
  }, 60_000);
});
