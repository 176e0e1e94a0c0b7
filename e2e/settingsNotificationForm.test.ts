import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { uniqueEmail, type AdminApi } from './src/api';
import { describeBrowser, launchBrowser, type TestPage } from './src/browser';
import {
  PASSWORD,
  adminApi,
  chooseOption,
  openList,
  pickItems,
  runTag,
  saveExpectingError,
  sessionOnly,
  formScreenshot,
} from './src/settingsKit';

type Item = { id: number; name: string };
type Notification = {
  id: number;
  type: string;
  always: boolean;
  notificators: string;
  attributes: Record<string, unknown>;
};

describeBrowser('alert notification form', () => {
  const tag = runTag('ntf');
  let browser: Browser;
  let api: AdminApi;
  let t: TestPage;
  let vehicle: Item;
  let plainEmail: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    api = await adminApi();
    vehicle = await api.call<Item>('POST', '/api/devices', {
      name: `${tag} Ambulância`,
      uniqueId: `${tag}-1`,
    });
    await api.call<Item>('POST', '/api/devices', {
      name: `${tag} CAN`,
      uniqueId: `${tag}-2`,
      attributes: { has_canbus: 1 },
    });
    plainEmail = uniqueEmail(tag);
    const plain = await api.createUser({
      name: 'Alertas',
      email: plainEmail,
      password: PASSWORD,
      phone: '923000111',
      attributes: { permissions: ['settings.notifications'] },
    });
    await api.call('POST', '/api/permissions', { userId: plain.id, deviceId: vehicle.id });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await t?.context.close();
    expect(t.errors).toEqual([]);
  });

  const typeNames = async () => {
    await t.page.getByTestId('notification-type').click();
    const names = await t.page.getByRole('option').allTextContents();
    await t.page.keyboard.press('Escape');
    return names;
  };

  it('saves an SOS alert as alarm/sos with normalised e-mails and reloads it as SOS', async () => {
    t = await sessionOnly(browser);
    const page = t.page;
    await openList(page, '/settings/notifications');
    await page.getByTestId('list-add').click();
    await page.waitForURL((url) => url.pathname === '/settings/notification');
    expect(await saveExpectingError(page)).toContain('Deve seleccionar o tipo de alerta');
    await page.getByTestId('notificator-web').uncheck();
    expect(await saveExpectingError(page)).toContain(
      'Deve seleccionar pelo menos um método de envio do alerta',
    );
    expect(await typeNames()).toEqual(
      expect.arrayContaining([
        'SOS',
        'Queda de combustível',
        'Cinto de segurança e luzes',
        'Entrada em zona',
      ]),
    );
    await chooseOption(page, 'notification-type', 'SOS');
    await page.getByTestId('notification-description').fill(`${tag} pânico`);
    // The administrator has no numeric phone: SMS is not defined and cannot be chosen.
    expect(await page.getByText('SMS (não definido)').count()).toBe(1);
    expect(await page.getByTestId('notificator-sms').isDisabled()).toBe(true);
    await page.getByTestId('notificator-web').check();
    await page.getByTestId('notificator-mail').check();
    await page.getByTestId('notification-emailTo').fill('ops@frota.ao; chefe@frota.ao\nmau-endereco');
    expect(await saveExpectingError(page)).toContain('Endereço de e-mail inválido: mau-endereco');
    await page.getByTestId('notification-emailTo').fill('ops@frota.ao; chefe@frota.ao\tturno@frota.ao');
    await page.getByTestId('notification-emailCc').fill('gestor@frota.ao');
    await page.getByTestId('notification-associated').check();
    await pickItems(page, 'notification-devices', [`${tag} Ambulância`]);
    await formScreenshot(page, 'settings-notification-form');
    await page.getByTestId('edit-save').click();
    await page.waitForURL((url) => url.pathname === '/settings/notifications');

    const all = await api.call<Notification[]>('GET', '/api/notifications');
    const saved = all.find((n) => n.attributes.description === `${tag} pânico`)!;
    expect(saved).toMatchObject({ type: 'alarm', always: false, notificators: 'web,mail' });
    expect(saved.attributes).toMatchObject({
      alarms: 'sos',
      emailTo: 'ops@frota.ao,chefe@frota.ao,turno@frota.ao',
      emailCc: 'gestor@frota.ao',
    });
    const linked = await api.call<Item[]>(
      'GET',
      `/report/api.php/devices?notificationId=${saved.id}&disabled=true`,
    );
    expect(linked.map((d) => d.id)).toEqual([vehicle.id]);

    await page.goto(`/settings/notification/${saved.id}`);
    await page.getByTestId('notification-type').waitFor();
    expect(await page.getByTestId('notification-type').textContent()).toBe('SOS');
    expect(await page.getByTestId('notification-emailTo').inputValue()).toBe(
      'ops@frota.ao,chefe@frota.ao,turno@frota.ao',
    );
    expect(await page.getByTestId('notification-devices-chip').allTextContents()).toEqual([
      `${tag} Ambulância`,
    ]);
    await page.getByTestId('notification-always').check();
    await page.getByTestId('edit-save').click();
    await page.waitForURL((url) => url.pathname === '/settings/notifications');
    expect((await api.call<Notification>('GET', `/api/notifications/${saved.id}`)).always).toBe(true);

    const row = page.locator('.MuiDataGrid-row').filter({ hasText: `${tag} pânico` });
    await row.getByTestId('list-remove').click();
    await page.getByTestId('confirm-ok').click();
    await row.waitFor({ state: 'detached' });
    expect((await api.call<Notification[]>('GET', '/api/notifications')).some((n) => n.id === saved.id)).toBe(
      false,
    );
  });

  it('offers fuel drop only with CAN-Bus vehicles and seatbelt and lights only with its permission', async () => {
    t = await sessionOnly(browser, plainEmail, PASSWORD);
    await t.page.goto('/settings/notification');
    await t.page.getByTestId('notification-type').waitFor();
    const names = await typeNames();
    expect(names).toContain('Travagem brusca');
    expect(names).not.toContain('Queda de combustível');
    expect(names).not.toContain('Cinto de segurança e luzes');
    // A numeric phone lets SMS be chosen, with the warning about SMS limits.
    await t.page.getByTestId('notificator-sms').check();
    await t.page.getByTestId('sms-warning').waitFor();
  });
});
