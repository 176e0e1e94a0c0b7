import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, launchBrowser, screenshot, type TestPage } from './src/browser';
import { uniqueImei } from './src/liveFleet';
import { createManagementFleet, MANAGER_PASSWORD, type ManagementFleet } from './src/managementFleet';
import { formScreenshot, runTag, saveExpectingError, sessionOnly } from './src/settingsKit';
import { clickForWrite, untilDom } from './src/domWaits';
import type { MaintenanceNotification } from '@frota/core';

/**
 * Daily maintenance notifications (issue 19 point 1): a manager reaches them from the maintenance summary,
 * adds one through the form (a wrong address refused with the text of document 3 §5), sees its row with the
 * columns of §2, edits it and deletes it; on a desktop and on a phone.
 */

type Stored = MaintenanceNotification;

const ROW = 'maintenance-notification-row';
const FIELDS = [
  'emails',
  'device_ids',
  'maintenance_km',
  'maintenance_hours',
  'cost_days',
  'document_days',
  'communication_hours',
];

/** The manager's notifications as the server stores them (read with the page's own session). */
async function storedNotifications(page: Page): Promise<Stored[]> {
  const response = await page.request.get('/report/api.php/maintenance_notification');
  expect(response.status()).toBe(200);
  return (await response.json()) as Stored[];
}

/** The texts of a row's cells, by column. */
const rowCells = (page: Page, id: number): Promise<Record<string, string>> =>
  page
    .locator(`[data-testid="${ROW}"][data-id="${id}"]`)
    .evaluate(
      (row, fields) =>
        Object.fromEntries(
          fields.map((field) => [
            field,
            (row.querySelector(`[data-field="${field}"]`)?.textContent ?? '').trim(),
          ]),
        ),
      FIELDS,
    );

async function expectRow(page: Page, id: number, expected: Record<string, string>): Promise<void> {
  await untilDom(page, async () => {
    const cells = await rowCells(page, id);
    expect(cells).toEqual(expected);
  });
}

describeBrowser('maintenance notifications', () => {
  let browser: Browser;
  let fleet: ManagementFleet;
  let t: TestPage;
  let id = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    fleet = await createManagementFleet(runTag('mn'));
    t = await sessionOnly(browser, fleet.email, MANAGER_PASSWORD);
  });

  afterAll(async () => {
    await t?.context.close();
    await browser?.close();
  });

  it('is reached from the summary and starts empty', async () => {
    const { page } = t;
    await page.goto('/management/summary');
    await page.getByTestId('management-notifications-link').click();
    await page.waitForURL('**/management/notifications');
    await page.locator('.MuiDataGrid-overlay').filter({ hasText: 'Sem dados' }).waitFor();
    expect(await page.getByTestId(ROW).count()).toBe(0);
  });

  it('adds a notification, refusing a wrong e-mail, and shows its row', async () => {
    const { page } = t;
    await page.getByTestId('notifications-add').click();
    await page.waitForURL('**/management/notification');
    const emails = page.getByTestId('maintenance-notification-emails');
    await expect(emails.inputValue()).resolves.toBe(fleet.email);
    await expect(page.getByTestId('maintenance-notification-maintenance_km').inputValue()).resolves.toBe(
      '5000',
    );
    await expect(page.getByTestId('maintenance-notification-cost_days').inputValue()).resolves.toBe('30');

    await emails.fill(`${fleet.email}\noficina.frota`);
    await expect(saveExpectingError(page)).resolves.toContain('Email inválido');
    await emails.fill(`${fleet.email}\noficina@frota.ao`);
    await page.getByTestId('maintenance-notification-maintenance_km').fill('800');
    await page.getByTestId('maintenance-notification-cost_days').fill('');
    await page.getByTestId('maintenance-notification-document').uncheck();
    expect(await page.getByTestId('maintenance-notification-document_days').count()).toBe(0);
    await page.getByTestId('maintenance-notification-communication_hours').fill('48');

    const vehicle = fleet.devices.soon;
    await page.getByTestId('maintenance-notification-selected-devices').check();
    await page.getByTestId('maintenance-notification-devices').fill(vehicle.name);
    await page.getByTestId(`maintenance-notification-devices-option-${vehicle.id}`).click();
    await page.keyboard.press('Escape');
    await formScreenshot(page, 'maintenance-notification-form');
    expect((await clickForWrite(page, page.getByTestId('edit-save'))).ok()).toBe(true);

    await page.waitForURL('**/management/notifications');
    const list = await storedNotifications(page);
    expect(list).toHaveLength(1);
    const [saved] = list;
    id = saved.id;
    expect(saved).toMatchObject({
      emails: `${fleet.email},oficina@frota.ao`,
      all_devices: false,
      device_ids: String(vehicle.id),
      maintenance: true,
      maintenance_km: 800,
      maintenance_hours: 250,
      cost: true,
      cost_days: 30,
      document: false,
      communication: true,
      communication_hours: 48,
    });
    await expectRow(page, id, {
      emails: `${fleet.email}, oficina@frota.ao`,
      device_ids: vehicle.plate,
      maintenance_km: '800',
      maintenance_hours: '250',
      cost_days: '30',
      document_days: '–',
      communication_hours: '48',
    });
    await screenshot(page, 'maintenance-notifications');
  });

  it('edits the notification: every vehicle, documents on, communication off', async () => {
    const { page } = t;
    await page.locator(`[data-testid="${ROW}"][data-id="${id}"]`).getByTestId('list-edit').click();
    await page.waitForURL(`**/management/notification/${id}`);
    const emails = page.getByTestId('maintenance-notification-emails');
    await expect(emails.inputValue()).resolves.toBe(`${fleet.email}\noficina@frota.ao`);
    await expect(page.getByTestId('maintenance-notification-maintenance_km').inputValue()).resolves.toBe(
      '800',
    );
    await expect(page.getByTestId('maintenance-notification-document').isChecked()).resolves.toBe(false);
    await page.getByTestId('maintenance-notification-document').check();
    await page.getByTestId('maintenance-notification-document_days').fill('12');
    await page.getByTestId('maintenance-notification-communication').uncheck();
    await page.getByTestId('maintenance-notification-all-devices').check();
    await emails.fill(fleet.email);
    await page.getByTestId('edit-save').click();

    await page.waitForURL('**/management/notifications');
    await expectRow(page, id, {
      emails: fleet.email,
      device_ids: 'Todos',
      maintenance_km: '800',
      maintenance_hours: '250',
      cost_days: '30',
      document_days: '12',
      communication_hours: '–',
    });
    const [saved] = await storedNotifications(page);
    expect(saved).toMatchObject({ id, all_devices: true, device_ids: '', document: true, document_days: 12 });
  });

  it('deletes the notification after confirmation', async () => {
    const { page } = t;
    await page.locator(`[data-testid="${ROW}"][data-id="${id}"]`).getByTestId('list-remove').click();
    await expect(page.getByTestId('confirm-dialog').textContent()).resolves.toContain(fleet.email);
    await page.getByTestId('confirm-ok').click();
    await untilDom(page, async () => expect(await page.getByTestId(ROW).count()).toBe(0));
    await expect(storedNotifications(page)).resolves.toEqual([]);
    expect(t.errors).toEqual([]);
  });

  it('chooses the vehicles of a group with the picker', async () => {
    const { page } = t;
    const { api } = fleet;
    const tag = runTag('grp');
    const group = await api.call<{ id: number }>('POST', '/api/groups', { name: `Pesados ${tag}` });
    const users = await api.call<Array<{ id: number; email: string }>>('GET', '/api/users');
    const userId = users.find((u) => u.email === fleet.email)!.id;
    await api.call('POST', '/api/permissions', { userId, groupId: group.id });
    const members: number[] = [];
    for (const n of [1, 2])
      members.push(
        (
          await api.call<{ id: number }>('POST', '/api/devices', {
            name: `Pesado ${tag} ${n}`,
            uniqueId: uniqueImei(),
            groupId: group.id,
          })
        ).id,
      );

    await page.goto('/management/notification');
    await page.getByTestId('maintenance-notification-selected-devices').check();
    await page.getByTestId('maintenance-notification-devices').fill(`Pesados ${tag}`);
    await page.getByTestId(`maintenance-notification-devices-group-${group.id}`).waitFor();
    await screenshot(page, 'maintenance-notification-group-picker');
    await page.getByTestId(`maintenance-notification-devices-group-${group.id}`).click();
    await page.keyboard.press('Escape');
    await untilDom(page, async () =>
      expect(await page.getByText(`Pesado ${tag} 1`).count()).toBeGreaterThan(0),
    );
    expect((await clickForWrite(page, page.getByTestId('edit-save'))).ok()).toBe(true);
    await page.waitForURL('**/management/notifications');
    const list = await storedNotifications(page);
    expect(list).toHaveLength(1);
    const [saved] = list;
    expect(saved).toMatchObject({ all_devices: false, device_ids: members.sort((a, b) => a - b).join(',') });
    await expect(
      page.locator(`[data-testid="${ROW}"][data-id="${saved.id}"] [data-field="device_ids"]`).textContent(),
    ).resolves.toBe('2');
    expect((await page.request.delete(`/report/api.php/maintenance_notification/${saved.id}`)).status()).toBe(
      204,
    );
  });

  it('fits a phone: the list and the form', async () => {
    const { page } = t;
    const response = await page.request.post('/report/api.php/maintenance_notification', {
      data: {
        emails: fleet.email,
        all_devices: false,
        device_ids: `${fleet.devices.ok.id},${fleet.devices.soon.id}`,
      },
    });
    expect(response.status()).toBe(200);
    await page.setViewportSize({ width: 390, height: 844 });
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await page.goto('/management/notifications');
    await page.getByTestId(ROW).first().waitFor();
    await expect(
      page.locator(`[data-testid="${ROW}"] [data-field="device_ids"]`).textContent(),
    ).resolves.toBe('2');
    expect(await fits()).toBe(true);
    await screenshot(page, 'maintenance-notifications-phone');
    await page.getByTestId('notifications-add').click();
    await page.getByTestId('maintenance-notification-emails').waitFor();
    await page.getByTestId('maintenance-notification-selected-devices').check();
    expect(await fits()).toBe(true);
    await formScreenshot(page, 'maintenance-notification-form-phone');
    expect(t.errors).toEqual([]);
  });
});
