import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { uniqueEmail, type AdminApi } from './src/api';
import { describeBrowser, launchBrowser, screenshot, type TestPage } from './src/browser';
import { choose } from './src/reportsPage';
import {
  PASSWORD,
  adminApi,
  columnTexts,
  formScreenshot,
  openList,
  runTag,
  search,
  sessionOnly,
} from './src/settingsKit';

type Item = { id: number; name: string };
type User = Item & {
  email: string;
  disabled: boolean;
  readonly: boolean;
  userLimit: number;
  attributes: { permissions?: string[] };
};

const PHONE = { width: 390, height: 844 };

/** Every settings list of document 1 §6 (Settings lists). */
const LISTS = [
  '/settings/devices',
  '/settings/groups',
  '/settings/users',
  '/settings/drivers',
  '/settings/geofences',
  '/settings/notifications',
  '/settings/temporary_links',
];

/** Opens the user form and waits until the user is loaded into it. */
async function openUser(page: Page, id: number): Promise<void> {
  await page.goto(`/settings/user/${id}`);
  await page.getByTestId('permissions-panel').waitFor();
  await page.getByTestId('user-profile').waitFor();
}

const profileShown = async (page: Page): Promise<string> =>
  (await page.getByTestId('user-profile').textContent()) ?? '';

describeBrowser('settings: read-only users, inactive vehicles and user profiles', () => {
  const tag = runTag('prf');
  let browser: Browser;
  let api: AdminApi;
  let t: TestPage;
  let readerEmail: string;
  let target: User;
  let truckId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    api = await adminApi();
    const post = <T = Item>(path: string, body: unknown) => api.call<T>('POST', path, body);
    const group = await post('/api/groups', { name: `${tag} Obras` });
    const truck = await post('/api/devices', {
      name: `${tag} Camião`,
      uniqueId: `${tag}-1`,
      groupId: group.id,
    });
    await post('/api/devices', {
      name: `${tag} Jeep`,
      uniqueId: `${tag}-2`,
      groupId: group.id,
      disabled: true,
    });
    truckId = truck.id;
    const driver = await post('/api/drivers', { name: `${tag} Ana` });
    const zone = await post('/api/geofences', { name: `${tag} Porto`, area: 'CIRCLE (-8.8 13.2, 300)' });
    const alert = await post('/api/notifications', {
      type: 'sos',
      always: true,
      notificators: 'web',
      attributes: { description: `${tag} socorro` },
    });
    const guest = await post('/api/settings/temporary_links', {
      name: `${tag} Cliente`,
      deviceIds: [truck.id],
      expirationTime: '2031-05-06T07:08:09Z',
    });
    const colleague = await api.createUser({ name: `${tag} Colega`, email: uniqueEmail(`${tag}-col`) });
    // A read-only account that manages users (settings covers settings.users, so userLimit is 100): every
    // list has rows for it, the users list included.
    readerEmail = uniqueEmail(`${tag}-ro`);
    const reader = await api.createUser({
      name: `${tag} Leitor`,
      email: readerEmail,
      password: PASSWORD,
      readonly: true,
      attributes: { permissions: ['settings'] },
    });
    await api.call('POST', '/api/permissions/bulk', [
      { userId: reader.id, groupId: group.id },
      { groupId: group.id, driverId: driver.id },
      { userId: reader.id, geofenceId: zone.id },
      { userId: reader.id, notificationId: alert.id },
      { userId: reader.id, managedUserId: colleague.id },
      { userId: reader.id, managedUserId: guest.id },
    ]);
    target = (await api.createUser({
      name: `${tag} Perfil`,
      email: uniqueEmail(`${tag}-alvo`),
      password: PASSWORD,
    })) as User;
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await t?.context.close();
    expect(t.errors).toEqual([]);
  });

  it('offers a read-only user no add, edit or remove in any settings list', async () => {
    t = await sessionOnly(browser, readerEmail, PASSWORD);
    const page = t.page;
    for (const path of LISTS) {
      await openList(page, path);
      expect(await page.locator('.MuiDataGrid-row').count(), `${path} rows`).toBeGreaterThan(0);
      for (const action of ['list-add', 'list-edit', 'list-remove', 'drivers-import'])
        expect(await page.getByTestId(action).count(), `${path} ${action}`).toBe(0);
      // search and export stay: the list is the read-only user's view of the items
      expect(await page.getByTestId('list-export').count(), `${path} export`).toBe(1);
    }
    await openList(page, '/settings/users');
    expect(await columnTexts(page, 'name')).toEqual([`${tag} Colega`]);
    await screenshot(page, 'settings-users-readonly');
    await openList(page, '/settings/devices');
    await search(page, tag);
    expect((await columnTexts(page, 'name')).sort()).toEqual([`${tag} Camião`, `${tag} Jeep`]);
    await screenshot(page, 'settings-vehicles-readonly');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'settings-vehicles-readonly-phone');
  });

  it('gives an inactive vehicle no row menu, grouped or not', async () => {
    t = await sessionOnly(browser);
    const page = t.page;
    await openList(page, '/settings/devices');
    await search(page, tag);
    const actions = (name: string) =>
      page.locator('.MuiDataGrid-row').filter({ hasText: name }).locator('[data-testid^="list-"]').count();
    expect(await actions(`${tag} Camião`)).toBe(1);
    expect(await actions(`${tag} Jeep`)).toBe(0);
    await page.getByTestId('devices-group-switch').check();
    await page.getByTestId('list-group-heading').first().waitFor();
    expect(await actions(`${tag} Camião`)).toBe(1);
    expect(await actions(`${tag} Jeep`)).toBe(0);
    await screenshot(page, 'settings-vehicles-inactive-grouped');
  });

  it('keeps each profile chosen on the user form across a save and a reload', async () => {
    t = await sessionOnly(browser);
    const page = t.page;
    await openUser(page, target.id);
    expect(await profileShown(page)).toBe('Operador');
    for (const [profile, label, fields] of [
      ['limited', 'Limitado', { disabled: false, readonly: true, userLimit: 0 }],
      ['manager', 'Gestor', { disabled: false, readonly: false, userLimit: 100 }],
      ['disabled', 'Desactivado', { disabled: true, readonly: false, userLimit: 0 }],
      ['operator', 'Operador', { disabled: false, readonly: false, userLimit: 0 }],
    ] as const) {
      await openUser(page, target.id);
      await choose(page, 'user-profile', `user-profile-${profile}`);
      expect(await profileShown(page)).toBe(label);
      if (profile === 'manager') await formScreenshot(page, 'settings-user-profile-manager');
      await page.getByTestId('edit-save').click();
      await page.waitForURL((url) => url.pathname === '/settings/users');
      expect(await api.call<User>('GET', `/api/users/${target.id}`), profile).toMatchObject(fields);
      await openUser(page, target.id);
      expect(await profileShown(page), `${profile} after a reload`).toBe(label);
      if (profile === 'disabled') {
        // Disabled: cannot log in (ARCHITECTURE §6: 400).
        const login = await fetch(`${new URL(page.url()).origin}/api/session`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ email: target.email, password: PASSWORD }).toString(),
        });
        expect(login.status).toBe(400);
      }
    }
  });

  it('shows manager, and offers no operator, while the users permission is granted', async () => {
    t = await sessionOnly(browser);
    const page = t.page;
    await openUser(page, target.id);
    expect(await profileShown(page)).toBe('Operador');
    await page.getByTestId('permission-settings.users').check();
    expect(await profileShown(page)).toBe('Gestor');
    expect(await page.getByText('Com a permissão Utilizadores, o perfil é sempre Gestor').count()).toBe(1);
    await page.getByTestId('user-profile').click();
    const operator = page.getByTestId('user-profile-operator');
    expect(await operator.getAttribute('aria-disabled')).toBe('true');
    await screenshot(page, 'settings-user-profile-menu');
    await page.keyboard.press('Escape');
    await operator.waitFor({ state: 'detached' });
    await page.getByTestId('edit-save').click();
    await page.waitForURL((url) => url.pathname === '/settings/users');
    expect(await api.call<User>('GET', `/api/users/${target.id}`)).toMatchObject({
      disabled: false,
      readonly: false,
      userLimit: 100,
      attributes: { permissions: ['settings.users'] },
    });
    await openUser(page, target.id);
    expect(await profileShown(page)).toBe('Gestor');

    // On a phone the profile and the expiry stack, each the width of the form.
    await page.setViewportSize(PHONE);
    await openUser(page, target.id);
    const width = async (testId: string) =>
      page
        .getByTestId(testId)
        .evaluate((el) =>
          el.closest('.MuiFormControl-root, .MuiPickersTextField-root')!.getBoundingClientRect(),
        );
    const [profile, expiry] = [await width('user-profile'), await width('user-expiration')];
    expect(profile.bottom).toBeLessThanOrEqual(expiry.top);
    expect(Math.abs(profile.width - expiry.width)).toBeLessThan(2);
    expect(profile.right).toBeLessThanOrEqual(PHONE.width);
    await page.getByTestId('user-profile').scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-user-profile-phone');
    await page.getByTestId('user-profile').click();
    await page.getByTestId('user-profile-operator').waitFor();
    await screenshot(page, 'settings-user-profile-phone-menu');
  });

  it('shows occupancy 2 on a vehicle that has none, and stores it on save (document 1 §3)', async () => {
    type Device = Item & { attributes: Record<string, unknown> };
    expect((await api.call<Device>('GET', `/api/devices/${truckId}`)).attributes.occupancy).toBeUndefined();
    t = await sessionOnly(browser);
    const page = t.page;
    await page.goto(`/settings/device/${truckId}`);
    await page.getByTestId('device-occupancy').waitFor();
    expect(await page.getByTestId('device-occupancy').inputValue()).toBe('2');
    await page.getByTestId('edit-save').click();
    await page.waitForURL((url) => url.pathname !== `/settings/device/${truckId}`);
    expect((await api.call<Device>('GET', `/api/devices/${truckId}`)).attributes.occupancy).toBe(2);
    await page.goto(`/settings/device/${truckId}`);
    await page.getByTestId('device-occupancy').fill('5');
    await page.getByTestId('edit-save').click();
    await page.waitForURL((url) => url.pathname !== `/settings/device/${truckId}`);
    expect((await api.call<Device>('GET', `/api/devices/${truckId}`)).attributes.occupancy).toBe(5);
    await page.goto(`/settings/device/${truckId}`);
    expect(await page.getByTestId('device-occupancy').inputValue()).toBe('5');
  });
});
