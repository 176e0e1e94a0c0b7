/**
 * Issue 6 "Done when": an administrator sets up a new fleet entirely from the settings screens, in
 * Portuguese. The trackers are installed (the vehicles exist and report) and a zone was drawn on the map;
 * everything else is done through the screens, and each step is checked on the screen and through the API.
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { uniqueEmail, type AdminApi } from './src/api';
import { describeBrowser, e2e, launchBrowser, pathOf, type TestPage } from './src/browser';
import { untilDom } from './src/domWaits';
import {
  PASSWORD,
  adminApi,
  chooseOption,
  columnTexts,
  dateText,
  formScreenshot,
  openList,
  openPortuguesePage,
  pickItems,
  runTag,
  saveExpectingError,
  search,
  sendPosition,
  sessionAs,
  typeDate,
  waitForColumn,
} from './src/settingsKit';

type Item = { id: number; name: string };
type Device = Item & { groupId: number; model: string; attributes: Record<string, unknown> };
type User = Item & {
  email: string;
  readonly: boolean;
  expirationTime: string | null;
  userLimit: number;
  attributes: { permissions?: string[]; timezone?: string };
};
type Notification = {
  id: number;
  type: string;
  always: boolean;
  notificators: string;
  attributes: Record<string, string>;
};

const SHOTS = '/tmp/shots6';

describeBrowser('setting up a new fleet from the settings screens', () => {
  const tag = runTag('frt');
  let browser: Browser;
  let api: AdminApi;
  let t: TestPage;
  const extra: TestPage[] = [];
  let trucks: Device[];
  let van: Device;
  let zone: Item;

  /** A fresh page for someone else, checked for page errors like the administrator's. */
  const another = async (open: () => Promise<TestPage>) => {
    const page = await open();
    extra.push(page);
    return page;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    api = await adminApi();
    const device = (name: string, uniqueId: string) =>
      api.call<Device>('POST', '/api/devices', { name, uniqueId, attributes: {} });
    trucks = [await device(`${tag} 001`, `${tag}-001`), await device(`${tag} 002`, `${tag}-002`)];
    van = await device(`${tag} 003`, `${tag}-003`);
    for (const i of [0, 1, 2])
      await sendPosition(`${tag}-00${i + 1}`, -8.83 - i / 100, 13.23 + i / 100, { ignition: 'true' });
    zone = await api.call<Item>('POST', '/api/geofences', {
      name: `${tag} Zona nova`,
      area: 'CIRCLE (-8.8147 13.2302, 100)',
      attributes: {},
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    for (const page of extra) await page.context.close();
    await t?.context.close();
    for (const page of extra) expect(page.errors).toEqual([]);
    expect(t.errors).toEqual([]);
  });

  it('vehicles, a group, imported drivers, a zone, a user, a temporary link and an SOS alert', async () => {
    t = await sessionAs(browser);
    const page = t.page;
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt');

    // 1. Vehicles: the trackers' vehicles get names, plates, models and a speed limit in km/h.
    await openList(page, '/settings/devices');
    await search(page, tag);
    expect(await columnTexts(page, 'name')).toEqual([`${tag} 001`, `${tag} 002`, `${tag} 003`]);
    await formScreenshot(page, '01-vehicles-before', SHOTS);
    const plates = ['LD-10-01-AA', 'LD-10-02-AA', 'LD-10-03-AA'];
    const names = [`${tag} Camião Norte`, `${tag} Camião Sul`, `${tag} Carrinha`];
    for (const [i, vehicle] of [...trucks, van].entries()) {
      await page.goto(`/settings/device/${vehicle.id}`);
      await page.getByTestId('device-name').fill(names[i]);
      await page.getByTestId('device-license_plate').fill(plates[i]);
      await page.getByTestId('device-model').fill(i < 2 ? 'Actros' : 'Hiace');
      await page.getByTestId('device-speedLimit').fill(i < 2 ? '80' : '100');
      if (i === 0) {
        await page.getByTestId('week-weekdays_start').fill('7:30');
        expect(await saveExpectingError(page)).toContain('Hora de trabalho inválida: 7:30');
        await page.getByTestId('week-weekdays_start').fill('07:30');
        await formScreenshot(page, '02-vehicle-form', SHOTS);
      }
      await page.getByTestId('edit-save').click();
      await page.waitForURL((url) => url.pathname === '/settings/devices');
    }
    await search(page, tag);
    expect(await columnTexts(page, 'name')).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt')));
    expect(await columnTexts(page, 'speedLimit')).toEqual(['80', '80', '100']);
    await formScreenshot(page, '03-vehicles-after', SHOTS);
    const north = await api.call<Device>('GET', `/api/devices/${trucks[0].id}`);
    expect(north).toMatchObject({ name: names[0], model: 'Actros' });
    expect(north.attributes.license_plate).toBe(plates[0]);
    expect(north.attributes.speedLimit).toBeCloseTo(80 / 1.852, 6);
    expect(north.attributes.week).toMatchObject({ weekdays_start: '07:30' });

    // 2. A group with the two trucks and the zone.
    await openList(page, '/settings/groups');
    await page.getByTestId('list-add').click();
    await page.waitForURL((url) => url.pathname === '/settings/group');
    expect(await saveExpectingError(page)).toContain('Nome inválido');
    await page.getByTestId('group-name').fill(`${tag} Pesados`);
    await pickItems(page, 'group-devices', names.slice(0, 2));
    await pickItems(page, 'group-zones', [`${tag} Zona nova`]);
    await formScreenshot(page, '04-group-form', SHOTS);
    await page.getByTestId('edit-save').click();
    await page.waitForURL((url) => url.pathname === '/settings/groups');
    await search(page, tag);
    // the list refetched after the save (it may show its cached rows for a moment)
    await waitForColumn(page, 'name', [`${tag} Pesados`]);
    await waitForColumn(page, 'devices', ['2']);
    expect(await columnTexts(page, 'geofences')).toEqual(['1']);
    await formScreenshot(page, '05-groups', SHOTS);
    const group = (await api.call<Item[]>('GET', '/api/groups')).find((g) => g.name === `${tag} Pesados`)!;
    for (const truck of trucks)
      expect((await api.call<Device>('GET', `/api/devices/${truck.id}`)).groupId).toBe(group.id);
    expect((await api.call<Device>('GET', `/api/devices/${van.id}`)).groupId).toBe(0);
    expect((await api.call<Item[]>('GET', `/api/geofences?groupId=${group.id}`)).map((z) => z.id)).toEqual([
      zone.id,
    ]);

    // 3. Drivers pasted from a spreadsheet into the import grid, into the group.
    await openList(page, '/settings/drivers');
    await page.getByTestId('drivers-import').click();
    await page.waitForURL((url) => url.pathname === '/settings/driver_import');
    await chooseOption(page, 'import-group', `${tag} Pesados`);
    const drivers = ['Ana Costa', 'Bruno Neto', 'Carla Dias', 'Domingos Silva'].map((name, i) => ({
      name: `${tag} ${name}`,
      phone: `92310000${i}`,
      notes: i === 0 ? 'Turno da manhã' : '',
      rfid: `${tag}RF${i}`,
    }));
    await page.getByTestId('import-name-0').focus();
    await page.evaluate(
      (text) => {
        const transfer = new DataTransfer();
        transfer.setData('text/plain', text);
        document.activeElement!.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
        );
      },
      drivers.map((d) => [d.name, d.phone, d.notes, d.rfid].join('\t')).join('\r\n'),
    );
    expect(await page.getByTestId('import-rfid-3').inputValue()).toBe(drivers[3].rfid);
    await page.getByTestId('import-start').click();
    expect(await page.getByTestId('confirm-dialog').textContent()).toContain('Importar 4 condutores?');
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('import-done').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('import-done').textContent()).toBe('Importação concluída!');
    expect(await page.getByTestId('import-progress').textContent()).toBe('4 / 4');
    expect(await page.getByTestId('import-log-error').count()).toBe(0);
    await formScreenshot(page, '06-driver-import', SHOTS);
    await openList(page, '/settings/drivers');
    await search(page, tag);
    expect(await columnTexts(page, 'name')).toEqual(drivers.map((d) => d.name));
    expect(await columnTexts(page, 'uniqueId')).toEqual(drivers.map((d) => d.rfid));
    expect(await columnTexts(page, 'groups')).toEqual(drivers.map(() => `${tag} Pesados`));
    await formScreenshot(page, '07-drivers', SHOTS);
    const imported = await api.call<Array<Item & { uniqueId: string; attributes: Record<string, string> }>>(
      'GET',
      `/api/drivers?groupId=${group.id}`,
    );
    expect(imported.map((d) => d.name).sort()).toEqual(drivers.map((d) => d.name));
    expect(imported.find((d) => d.uniqueId === drivers[0].rfid)?.attributes).toMatchObject({
      phone: drivers[0].phone,
      notes: 'Turno da manhã',
    });

    // 4. The zone drawn on the map gets its name, notes, speed limit and radius.
    await openList(page, '/settings/geofences');
    await search(page, tag);
    await page.getByTestId('list-edit').click();
    await page.waitForURL((url) => url.pathname === `/settings/geofence/${zone.id}`);
    await page.getByTestId('zone-name').fill(`${tag} Estaleiro`);
    await page.getByTestId('zone-description').fill('Parque dos pesados');
    await page.getByTestId('zone-speedLimit').fill('20');
    await page.getByTestId('zone-radius').fill('300');
    await formScreenshot(page, '08-zone-form', SHOTS);
    await page.getByTestId('edit-save').click();
    await page.waitForURL((url) => url.pathname === '/settings/geofences');
    await search(page, tag);
    await waitForColumn(page, 'name', [`${tag} Estaleiro`]);
    expect(await columnTexts(page, 'speedLimit')).toEqual(['20']);
    const savedZone = await api.call<
      Item & { description: string; area: string; attributes: { speedLimit: number } }
    >('GET', `/api/geofences/${zone.id}`);
    expect(savedZone).toMatchObject({
      description: 'Parque dos pesados',
      area: 'CIRCLE (-8.8147 13.2302, 300)',
    });
    expect(savedZone.attributes.speedLimit).toBeCloseTo(20 / 1.852, 6);

    // 5. A fleet manager: permissions, the group, an expiry date typed DD/MM/YYYY HH:mm.
    const managerEmail = uniqueEmail(`${tag}-gestor`);
    await openList(page, '/settings/users');
    await page.getByTestId('list-add').click();
    await page.waitForURL((url) => url.pathname === '/settings/user');
    await page.getByTestId('permissions-panel').waitFor();
    await page.getByTestId('user-name').fill(`${tag} Gestora`);
    await page.getByTestId('user-email').fill(managerEmail);
    await page.getByTestId('user-password').fill(PASSWORD);
    await page.getByTestId('user-phone').fill('923555000');
    await chooseOption(page, 'user-timezone', 'Africa/Maputo');
    await page.getByTestId('permission-group-map').check();
    await page.getByTestId('permission-reports.trips').check();
    await page.getByTestId('permission-settings.drivers').check();
    await pickItems(page, 'user-groups', [`${tag} Pesados`]);
    await typeDate(page, 'user-expiration', '31/12/2030 18:00');
    // The calendar of the date field speaks Portuguese too.
    await page.getByTestId('user-expiration').locator('xpath=..').getByRole('button').click();
    const calendar = page.getByRole('dialog');
    await calendar.waitFor();
    expect(await calendar.textContent()).toContain('dezembro');
    await formScreenshot(page, '09-user-expiration-calendar', SHOTS);
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'detached' });
    expect(await dateText(page, 'user-expiration')).toBe('31/12/2030 18:00');
    await formScreenshot(page, '09-user-form', SHOTS);
    await page.getByTestId('edit-save').click();
    await page.waitForURL((url) => url.pathname === '/settings/users');
    await search(page, tag);
    expect(await columnTexts(page, 'email')).toEqual([managerEmail]);
    expect(await columnTexts(page, 'phone')).toEqual(['923555000']);
    await formScreenshot(page, '10-users', SHOTS);
    const manager = (await api.call<User[]>('GET', '/api/users')).find((u) => u.email === managerEmail)!;
    expect(manager.attributes.timezone).toBe('Africa/Maputo');
    expect(manager.attributes.permissions).toEqual(
      expect.arrayContaining(['map.online', 'map.history', 'reports.trips', 'settings.drivers']),
    );
    expect(manager.attributes.permissions).not.toContain('settings.users');
    // 18:00 as the administrator reads it (Africa/Luanda, UTC+1)
    expect(manager.expirationTime).toBe('2030-12-31T17:00:00.000Z');
    expect((await api.call<Item[]>('GET', `/api/groups?userId=${manager.id}`)).map((g) => g.id)).toEqual([
      group.id,
    ]);
    // The manager logs in and sees the group's trucks only, with the drivers screen in the menu.
    const managerPage = await another(() => sessionAs(browser, managerEmail, PASSWORD));
    const seen = await managerPage.page.evaluate(() =>
      fetch('/api/devices').then((r) => r.json() as Promise<Array<{ id: number }>>),
    );
    expect(seen.map((d) => d.id).sort()).toEqual(trucks.map((d) => d.id).sort());
    await openList(managerPage.page, '/settings/drivers');
    await search(managerPage.page, tag);
    expect(await columnTexts(managerPage.page, 'name')).toEqual(drivers.map((d) => d.name));

    // 6. A temporary link for a client: the van only, no history.
    await openList(page, '/settings/temporary_links');
    await page.getByTestId('list-add').click();
    await page.waitForURL((url) => url.pathname === '/settings/temporary_link');
    await page.getByTestId('link-name').fill(`${tag} Cliente Sonils`);
    expect(await saveExpectingError(page)).toContain('Deve seleccionar pelo menos 1 veículo');
    await pickItems(page, 'link-devices', [`${tag} Carrinha`]);
    expect(await dateText(page, 'link-expiration')).toMatch(/^\d\d\/\d\d\/\d{4} 23:59$/);
    await page.getByTestId('edit-save').click();
    await page.getByTestId('link-address').waitFor();
    await formScreenshot(page, '11-temporary-link', SHOTS);
    const linkId = Number(pathOf(page).split('/').pop());
    const address = await page.getByTestId('link-address').inputValue();
    expect(address).toMatch(new RegExp(`^${e2e.baseUrl}/\\?token=[A-Za-z0-9]{40}$`));
    const link = await api.call<User>('GET', `/api/users/${linkId}`);
    expect(link).toMatchObject({ name: `${tag} Cliente Sonils`, readonly: true });
    expect(link.email).toMatch(/^temp_[a-z0-9]{30}$/);
    expect((await api.call<Item[]>('GET', `/api/devices?userId=${linkId}`)).map((d) => d.id)).toEqual([
      van.id,
    ]);
    const client = await another(() => openPortuguesePage(browser));
    await client.page.goto(address);
    await client.page.waitForURL((url) => url.pathname === '/' && !url.search.includes('token'));
    await client.page.getByText(`${tag} Carrinha`).first().waitFor();
    expect(await client.page.getByText(`${tag} Camião`).count()).toBe(0);
    await formScreenshot(client.page, '12-client-map', SHOTS);
    await openList(page, '/settings/temporary_links');
    await search(page, tag);
    expect(await columnTexts(page, 'name')).toEqual([`${tag} Cliente Sonils`]);
    expect((await columnTexts(page, 'expirationTime'))[0]).toMatch(/^\d\d\/\d\d\/\d{4} 23:59:59$/);

    // 7. An SOS alert by e-mail for the trucks.
    await openList(page, '/settings/notifications');
    await page.getByTestId('list-add').click();
    await page.waitForURL((url) => url.pathname === '/settings/notification');
    await chooseOption(page, 'notification-type', 'SOS');
    await page.getByTestId('notification-description').fill(`${tag} Pânico nos pesados`);
    await page.getByTestId('notificator-mail').check();
    await page.getByTestId('notification-emailTo').fill('ops@frota.ao; segurança');
    expect(await saveExpectingError(page)).toContain('Endereço de e-mail inválido: segurança');
    await page.getByTestId('notification-emailTo').fill('ops@frota.ao; seguranca@frota.ao\nchefe@frota.ao');
    await page.getByTestId('notification-associated').check();
    await pickItems(page, 'notification-devices', names.slice(0, 2));
    await formScreenshot(page, '13-sos-alert-form', SHOTS);
    await page.getByTestId('edit-save').click();
    await page.waitForURL((url) => url.pathname === '/settings/notifications');
    const row = page.locator('.MuiDataGrid-row').filter({ hasText: `${tag} Pânico nos pesados` });
    await row.waitFor();
    expect(
      await row.evaluate((el) =>
        ['type', 'vehicles', 'delivery'].map((f) =>
          (el.querySelector(`[data-field="${f}"]`)?.textContent ?? '').trim(),
        ),
      ),
    ).toEqual(['SOS', 'Associados ao alerta', 'Web, E-mail']);
    await formScreenshot(page, '14-notifications', SHOTS);
    const alert = (await api.call<Notification[]>('GET', '/api/notifications')).find(
      (n) => n.attributes.description === `${tag} Pânico nos pesados`,
    )!;
    expect(alert).toMatchObject({ type: 'alarm', always: false, notificators: 'web,mail' });
    expect(alert.attributes).toMatchObject({
      alarms: 'sos',
      emailTo: 'ops@frota.ao,seguranca@frota.ao,chefe@frota.ao',
    });
    const alerted = await api.call<Item[]>(
      'GET',
      `/report/api.php/devices?notificationId=${alert.id}&disabled=true`,
    );
    expect(alerted.map((d) => d.id).sort()).toEqual(trucks.map((d) => d.id).sort());
    await page.goto(`/settings/notification/${alert.id}`);
    await untilDom(page, async () =>
      expect(await page.getByTestId('notification-type').textContent()).toBe('SOS'),
    );
  }, 240_000);
});
