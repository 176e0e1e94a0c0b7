import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { uniqueEmail, type AdminApi } from './src/api';
import { describeBrowser, launchBrowser, type TestPage } from './src/browser';
import { choose } from './src/reportsPage';
import {
  PASSWORD,
  adminApi,
  openList,
  pickItems,
  runTag,
  search,
  sessionOnly,
  formScreenshot,
  typeDate,
} from './src/settingsKit';

type Item = { id: number; name: string };
type User = Item & {
  email: string;
  disabled: boolean;
  readonly: boolean;
  userLimit: number;
  expirationTime: string | null;
  token: string;
  attributes: { permissions?: string[] };
};

describeBrowser('user form', () => {
  const tag = runTag('usr');
  let browser: Browser;
  let api: AdminApi;
  let t: TestPage;
  let managerEmail: string;
  let manager: { id: number };
  let vehicle: Item;
  let group: Item;
  let zone: Item;

  beforeAll(async () => {
    browser = await launchBrowser();
    api = await adminApi();
    managerEmail = uniqueEmail(tag);
    manager = await api.createUser({
      name: `${tag} Gestora`,
      email: managerEmail,
      password: PASSWORD,
      attributes: { permissions: ['map.online', 'reports.trips', 'settings.users', 'global.show_gsm'] },
    });
    vehicle = await api.call<Item>('POST', '/api/devices', { name: `${tag} Carro`, uniqueId: `${tag}-1` });
    group = await api.call<Item>('POST', '/api/groups', { name: `${tag} Equipa` });
    zone = await api.call<Item>('POST', '/api/geofences', {
      name: `${tag} Sede`,
      area: 'CIRCLE (-8.8 13.2, 100)',
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await t?.context.close();
    expect(t.errors).toEqual([]);
  });

  const permissionBoxes = () =>
    t.page
      .locator(
        '[data-testid^="permission-"]:not([data-testid^="permission-group-"]):not([data-testid="permissions-panel"])',
      )
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!.replace('permission-', '')));

  it('lets a user with settings.users create a user with only the permissions it holds', async () => {
    t = await sessionOnly(browser, managerEmail, PASSWORD);
    const page = t.page;
    await openList(page, '/settings/users');
    await page.getByTestId('list-add').click();
    await page.getByTestId('permissions-panel').waitFor();
    expect(await permissionBoxes()).toEqual([
      'map.online',
      'reports.trips',
      'settings.users',
      'global.show_gsm',
    ]);
    expect(await page.getByTestId('permission-global.block').count()).toBe(0);
    // A group's box turns all its items on, then all off.
    await page.getByTestId('permission-group-map').check();
    expect(await page.getByTestId('permission-map.online').isChecked()).toBe(true);
    await page.getByTestId('permission-group-reports').click();
    await page.getByTestId('permission-group-reports').click();
    expect(await page.getByTestId('permission-reports.trips').isChecked()).toBe(false);
    await page.getByTestId('permission-global.show_gsm').check();
    const email = uniqueEmail(`${tag}-op`);
    await page.getByTestId('user-name').fill(`${tag} Operador`);
    await page.getByTestId('user-email').fill(email);
    await page.getByTestId('user-password').fill(PASSWORD);
    await formScreenshot(page, 'settings-user-form-manager');
    await page.getByTestId('edit-save').click();
    await page.waitForURL((url) => url.pathname === '/settings/users');
    await search(page, `${tag} operador`);

    const users = await api.call<User[]>('GET', '/api/users');
    const created = users.find((u) => u.email === email)!;
    expect(created.attributes.permissions?.sort()).toEqual(['global.show_gsm', 'map.online']);
    expect(created.userLimit).toBe(0);
    expect(created.token).toMatch(/^[A-Za-z0-9]{128}$/);

    // The server refuses the same user trying to grant what it lacks, whatever the client sends.
    const refused = await page.evaluate(
      async (body) => {
        const r = await fetch('/api/settings/users', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: r.status, text: await r.text() };
      },
      { name: 'Intruso', email: uniqueEmail(`${tag}-x`), attributes: { permissions: ['global.block'] } },
    );
    expect(refused).toEqual({ status: 403, text: 'Não pode atribuir permissões que não tem: global.block' });
  });

  it('edits another user: profile, expiry, permissions and associations; not one’s own', async () => {
    const email = uniqueEmail(`${tag}-ed`);
    const target = await api.createUser({ name: `${tag} Editado`, email, password: PASSWORD });
    t = await sessionOnly(browser);
    const page = t.page;
    await page.goto(`/settings/user/${target.id}`);
    await page.getByTestId('permissions-panel').waitFor();
    expect(await page.getByTestId('user-profile').textContent()).toBe('Operador');
    await choose(page, 'user-profile', 'user-profile-limited');
    await typeDate(page, 'user-expiration', '30/06/2030 18:00');
    await page.getByTestId('permission-settings.users').check();
    await page.getByTestId('permission-global.block').check();
    await pickItems(page, 'user-devices', [`${tag} Carro`]);
    await pickItems(page, 'user-groups', [`${tag} Equipa`]);
    await pickItems(page, 'user-zones', [`${tag} Sede`]);
    await formScreenshot(page, 'settings-user-form');
    await page.getByTestId('edit-save').click();
    await page.waitForURL((url) => url.pathname === '/settings/users');

    const saved = await api.call<User>('GET', `/api/users/${target.id}`);
    // settings.users makes a manager whatever the profile (document 1 §5)
    expect(saved).toMatchObject({ disabled: false, readonly: true, userLimit: 100 });
    expect(saved.expirationTime).toBe('2030-06-30T17:00:00.000Z');
    expect(saved.attributes.permissions?.sort()).toEqual(['global.block', 'settings.users']);
    const ids = async (path: string) => (await api.call<Item[]>('GET', path)).map((i) => i.id);
    expect(await ids(`/api/devices?userId=${target.id}`)).toEqual([vehicle.id]);
    expect(await ids(`/api/groups?userId=${target.id}`)).toEqual([group.id]);
    expect(await ids(`/api/geofences?userId=${target.id}`)).toEqual([zone.id]);

    // Each profile is kept across a save and a reload.
    await api.call('PUT', `/api/users/${target.id}`, { ...saved, attributes: { permissions: [] } });
    for (const [profile, label, fields] of [
      ['manager', 'Gestor', { disabled: false, readonly: false, userLimit: 100 }],
      ['operator', 'Operador', { disabled: false, readonly: false, userLimit: 0 }],
      ['disabled', 'Desactivado', { disabled: true, readonly: false, userLimit: 0 }],
    ] as const) {
      await page.goto(`/settings/user/${target.id}`);
      await page.getByTestId('permissions-panel').waitFor();
      await choose(page, 'user-profile', `user-profile-${profile}`);
      if (profile === 'manager') await formScreenshot(page, 'settings-user-profile');
      await page.getByTestId('edit-save').click();
      await page.waitForURL((url) => url.pathname === '/settings/users');
      expect(await api.call<User>('GET', `/api/users/${target.id}`)).toMatchObject(fields);
      await page.goto(`/settings/user/${target.id}`);
      await page.getByTestId('permissions-panel').waitFor();
      expect(await page.getByTestId('user-profile').textContent()).toBe(label);
    }

    // One's own profile has neither permissions nor associations.
    await page.goto(`/settings/user/${manager.id}`);
    await page.getByTestId('permissions-panel').waitFor();
    const me = await page.evaluate(() =>
      fetch('/api/session').then((r) => r.json() as Promise<{ id: number }>),
    );
    await page.goto(`/settings/user/${me.id}`);
    await page.getByTestId('user-name').waitFor();
    expect(await page.getByTestId('permissions-panel').count()).toBe(0);
    expect(await page.getByTestId('user-devices').count()).toBe(0);
  });
});
