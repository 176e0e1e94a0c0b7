import type { Browser, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { AdminApi, uniqueEmail } from './src/api';
import {
  describeBrowser,
  e2e,
  launchBrowser,
  loginThroughPage,
  openPage,
  pathOf,
  screenshot,
  type TestPage,
} from './src/browser';

describeBrowser('login page', () => {
  const password = 'Senha-Boa-123';
  let browser: Browser;
  let okEmail: string;
  const cachedVehicle = `Carrinha Cache ${Date.now().toString(36)}`;
  let disabledEmail: string;
  let fleetEmail: string;
  let t: TestPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    const api = await AdminApi.login(e2e.baseUrl, e2e.adminEmail, e2e.adminPassword);
    okEmail = uniqueEmail('ok');
    disabledEmail = uniqueEmail('blocked');
    await api.createUser({
      name: 'Operadora',
      email: okEmail,
      password,
      attributes: { permissions: ['map.online', 'settings.users'] },
    });
    await api.createUser({ name: 'Bloqueado', email: disabledEmail, password, disabled: true });
    const operator = await api.createUser({
      name: 'Operadora da frota',
      email: uniqueEmail('fleet'),
      password,
      attributes: { permissions: ['map.online'] },
    });
    fleetEmail = operator.email;
    const device = await api.call<{ id: number }>('POST', '/api/devices', {
      name: cachedVehicle,
      uniqueId: `CACHE${Date.now()}`,
    });
    await api.call('POST', '/api/permissions', { userId: operator.id, deviceId: device.id });
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

  const errorDialogText = async () => {
    const dialog = t.page.getByTestId('error-dialog');
    await dialog.waitFor();
    return (await dialog.textContent()) ?? '';
  };

  it('logs in and lands on the map', async () => {
    await t.page.goto('/login');
    await t.page.getByTestId('login-submit').waitFor();
    await t.page.getByTestId('login-version').getByText('0.', { exact: false }).waitFor();
    await screenshot(t.page, 'login');
    await loginThroughPage(t.page, okEmail, password);
    await t.page.waitForURL((url) => url.pathname === '/');
    await t.page.getByTestId('map-canvas').waitFor();
    expect(await t.page.getByTestId('vehicle-tab').isVisible()).toBe(true);
    expect(await t.page.getByTestId('side-menu-button').isVisible()).toBe(true);
  });

  it('answers 400 (disabled user) with Utilizador bloqueado and clears the password', async () => {
    await t.page.goto('/login');
    await loginThroughPage(t.page, disabledEmail, password);
    const text = await errorDialogText();
    expect(text).toContain('Erro de acesso');
    expect(text).toContain('Utilizador bloqueado');
    expect(await t.page.getByTestId('login-password').inputValue()).toBe('');
    expect(pathOf(t.page)).toBe('/login');
  });

  it('answers 401 (bad password) with the invalid credentials text', async () => {
    await t.page.goto('/login');
    await loginThroughPage(t.page, okEmail, 'not-the-password');
    const text = await errorDialogText();
    expect(text).toContain('Erro de acesso');
    expect(text).toContain('Endereço de e-mail ou password inválidos');
    await screenshot(t.page, 'login-error');
    expect(await t.page.getByTestId('login-password').inputValue()).toBe('');
  });

  it('answers any other failure with Erro de login', async () => {
    await t.page.route('**/api/session', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' })
        : route.continue(),
    );
    await t.page.goto('/login');
    await loginThroughPage(t.page, okEmail, password);
    const text = await errorDialogText();
    expect(text).toContain('Erro de acesso');
    expect(text).toContain('Erro de login');
    await t.page.getByTestId('dialog-ok').click();
    await t.page.getByTestId('error-dialog').waitFor({ state: 'detached' });
  });

  it('fetches the fleet once at login and, on the next visit, beside the session check', async () => {
    const asked: string[] = [];
    t.page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (['/api/devices', '/api/positions'].includes(path)) asked.push(path);
    });
    await t.page.goto('/login');
    await loginThroughPage(t.page, okEmail, password);
    await t.page.getByTestId('map-canvas').waitFor();
    await t.page.waitForLoadState('networkidle');
    expect(asked.filter((p) => p === '/api/devices')).toHaveLength(1);
    expect(asked.filter((p) => p === '/api/positions')).toHaveLength(1);

    // next visit: the session's answer is held back until the fleet has been asked for; an app that waited
    // for the session before asking would never ask, and the page would not draw the map in time
    let sessionAnswered = 0;
    let devicesAsked = 0;
    let fleetAsked!: () => void;
    const fleetAskedOnce = new Promise<void>((resolve) => (fleetAsked = resolve));
    await t.page.route(/\/api\/session(\?|$)/, async (route) => {
      await fleetAskedOnce;
      await route.continue();
      sessionAnswered = Date.now();
    });
    t.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/devices' && !devicesAsked) {
        devicesAsked = Date.now();
        fleetAsked();
      }
    });
    asked.length = 0;
    await t.page.reload();
    await t.page.getByTestId('map-canvas').waitFor();
    await t.page.waitForLoadState('networkidle');
    expect(devicesAsked).toBeGreaterThan(0);
    expect(devicesAsked).toBeLessThanOrEqual(sessionAnswered);
    expect(asked.filter((p) => p === '/api/devices')).toHaveLength(1);
  });

  it('draws a repeat visit at once from the last visit, before the session answers, and forgets it at logout', async () => {
    await t.page.goto('/login');
    await loginThroughPage(t.page, fleetEmail, password);
    const row = t.page.getByTestId('vehicle-row-name').filter({ hasText: cachedVehicle });
    await row.waitFor();
    await t.page.getByTestId('map-canvas').waitFor();

    // next visit: the session and the fleet are held back until the kept fleet has been drawn
    let sessionAnswered = false;
    let drawn!: () => void;
    const drawnOnce = new Promise<void>((resolve) => (drawn = resolve));
    const held = async (route: Route) => {
      await drawnOnce;
      await route.continue().catch(() => undefined);
    };
    await t.page.route(/\/api\/session(\?|$)/, async (route) => {
      await held(route);
      sessionAnswered = true;
    });
    await t.page.route(/\/api\/(devices|positions)(\?|$)/, held);
    await t.page.reload();
    await row.waitFor();
    await t.page.getByTestId('map-canvas').waitFor();
    expect(sessionAnswered).toBe(false);
    drawn();
    await screenshot(t.page, 'login-repeat-visit');
    await t.page.unroute(/\/api\/session(\?|$)/);
    await t.page.unroute(/\/api\/(devices|positions)(\?|$)/);
    await t.page.waitForLoadState('networkidle');

    // logout forgets the kept fleet: the next visit is the login page, with nothing drawn from before
    await t.page.getByTestId('user-menu-button').click();
    await t.page.getByTestId('logout-button').click();
    await t.page.waitForURL((url) => url.pathname === '/login');
    expect(await t.page.evaluate(() => localStorage.getItem('frota.snapshot'))).toBeNull();
    await t.page.goto('/');
    await t.page.waitForURL((url) => url.pathname === '/login');
    expect(await t.page.getByTestId('vehicle-row-name').count()).toBe(0);
  });

  it('sends a logged-out deep link to /login and back after login', async () => {
    await t.page.goto('/settings/users?x=1');
    await t.page.waitForURL((url) => url.pathname === '/login');
    await loginThroughPage(t.page, okEmail, password);
    await t.page.waitForURL((url) => url.pathname === '/settings/users');
    expect(new URL(t.page.url()).search).toBe('?x=1');
    await t.page.getByTestId('list-search').waitFor();
  });

  it('cycles the background when the logo is clicked', async () => {
    await t.page.goto('/login');
    const page = t.page.getByTestId('login-page');
    const first = Number(await page.getAttribute('data-background'));
    expect(first).toBeGreaterThanOrEqual(1);
    expect(first).toBeLessThanOrEqual(9);
    await t.page.getByTestId('login-logo').click();
    expect(Number(await page.getAttribute('data-background'))).toBe((first % 9) + 1);
  });
});
