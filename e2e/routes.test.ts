import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { AdminApi, uniqueEmail } from './src/api';
import {
  describeBrowser,
  e2e,
  launchBrowser,
  loginThroughPage,
  openPage,
  openSideMenu,
  pathOf,
  screenshot,
  type TestPage,
} from './src/browser';

describeBrowser('menus and routes from permissions', () => {
  const password = 'Senha-Boa-123';
  let browser: Browser;
  let twoEmail: string;
  let arabicEmail: string;
  let tempToken: string;
  let t: TestPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    const api = await AdminApi.login(e2e.baseUrl, e2e.adminEmail, e2e.adminPassword);
    twoEmail = uniqueEmail('two');
    arabicEmail = uniqueEmail('arabic');
    // a token is a credential: random, or the server refuses it (issue 33)
    tempToken = randomBytes(30).toString('base64url');
    await api.createUser({
      name: 'Duas Permissões',
      email: twoEmail,
      password,
      attributes: { permissions: ['settings.users', 'reports.trips'] },
    });
    await api.createUser({
      name: 'مستخدم عربي',
      email: arabicEmail,
      password,
      attributes: { language: 'ar', permissions: ['map.online', 'map.history', 'reports', 'settings.users'] },
    });
    await api.createUser({
      name: 'Acesso temporário',
      email: `temp_${Date.now()}@e2e.test`,
      password: 'Temp-Senha-123456',
      readonly: true,
      token: tempToken,
      attributes: {},
    });
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

  const loginAs = async (email: string, landing: string) => {
    await t.page.goto('/login');
    await loginThroughPage(t.page, email, password);
    await t.page.waitForURL((url) => url.pathname === landing);
  };

  it('shows a user with two permissions exactly two menu entries', async () => {
    await loginAs(twoEmail, '/report/trips');
    await openSideMenu(t.page);
    const items = t.page.getByTestId('menu-item');
    expect(await items.count()).toBe(2);
    const paths = await items.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-path')));
    expect(paths).toEqual(['/report/trips', '/settings/users']);
    await screenshot(t.page, 'menu');
    await items.nth(1).click();
    await t.page.waitForURL((url) => url.pathname === '/settings/users');
  });

  it('refuses another route by address, redirecting to the first menu entry', async () => {
    await loginAs(twoEmail, '/report/trips');
    for (const forbidden of [
      '/settings/devices',
      '/report/block',
      '/settings/groups',
      '/replay',
      '/dashboard',
    ]) {
      await t.page.goto(forbidden);
      await t.page.waitForURL((url) => url.pathname === '/report/trips');
    }
  });

  it('redirects an unknown route to the first enabled menu entry', async () => {
    await loginAs(twoEmail, '/report/trips');
    await t.page.goto('/no/such/page');
    await t.page.waitForURL((url) => url.pathname === '/report/trips');
    expect(await t.page.getByTestId('report-page').getAttribute('data-report')).toBe('trips');
  });

  it('lays Arabic out right to left', async () => {
    await loginAs(arabicEmail, '/');
    await t.page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await t.page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await t.page.goto('/settings/users');
    await t.page.getByTestId('list-search').waitFor();
    expect(await t.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await t.page.getByRole('heading', { name: 'المستخدمون' }).isVisible()).toBe(true);
    await screenshot(t.page, 'arabic-users');
    await openSideMenu(t.page);
    await screenshot(t.page, 'arabic-menu');
    // the replay's panel docks at the start of the line, the right, leaving the map's controls free
    await t.page.goto('/replay');
    const panel = (await t.page.getByTestId('replay-panel').boundingBox())!;
    const width = t.page.viewportSize()!.width;
    expect(panel.x + panel.width).toBeGreaterThan(width - 20);
    expect(panel.x).toBeGreaterThan(width / 2);
    await screenshot(t.page, 'arabic-replay');
  });

  it('opens a temporary link by token on the map with only logout', async () => {
    await t.page.goto(`/?token=${tempToken}`);
    await t.page.getByTestId('map-canvas').waitFor();
    expect(pathOf(t.page)).toBe('/');
    expect(new URL(t.page.url()).searchParams.has('token')).toBe(false);
    expect(await t.page.getByTestId('logout-button').isVisible()).toBe(true);
    expect(await t.page.getByTestId('side-menu-button').count()).toBe(0);
    expect(await t.page.getByTestId('user-menu-button').count()).toBe(0);
    await t.page.goto('/settings/users');
    await t.page.waitForURL((url) => url.pathname === '/');
    await t.page.getByTestId('logout-button').click();
    await t.page.waitForURL((url) => url.pathname === '/login');
  });

  it('sends a refused token to /login', async () => {
    await t.page.goto('/?token=not-a-valid-token');
    await t.page.waitForURL((url) => url.pathname === '/login');
  });

  it('switches the interface at once when one saves one own language', async () => {
    await loginAs(twoEmail, '/report/trips');
    await t.page.getByTestId('user-menu-button').click();
    await t.page.getByTestId('menu-profile').click();
    await t.page.waitForURL((url) => /^\/settings\/user\/\d+$/.test(url.pathname));
    await t.page.getByTestId('user-language').click();
    await t.page.getByTestId('language-en').click();
    await t.page.getByTestId('edit-save').click();
    await t.page.waitForFunction(() => document.documentElement.lang === 'en');
    await t.page.getByTestId('side-menu-button').click();
    await t.page.getByTestId('menu-item').getByText('Trips').waitFor();
  });
});
