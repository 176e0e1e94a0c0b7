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

describeBrowser('application shell', () => {
  const password = 'Senha-Boa-123';
  let browser: Browser;
  let email: string;
  let readonlyEmail: string;
  let arabicEmail: string;
  let t: TestPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    const api = await AdminApi.login(e2e.baseUrl, e2e.adminEmail, e2e.adminPassword);
    email = uniqueEmail('shell');
    await api.createUser({
      name: 'Shell',
      email,
      password,
      attributes: { permissions: ['map.online', 'map.dashboard'] },
    });
    arabicEmail = uniqueEmail('shell-ar');
    await api.createUser({
      name: 'Shell ar',
      email: arabicEmail,
      password,
      attributes: { language: 'ar', permissions: ['map.online'] },
    });
    readonlyEmail = uniqueEmail('readonly');
    await api.createUser({
      name: 'Só leitura',
      email: readonlyEmail,
      password,
      readonly: true,
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

  /** The page's live socket, faked: on connecting it receives one SOS alarm event. */
  const fakeSocketSendsSos = (id: number) =>
    t.page.routeWebSocket(/\/api\/socket$/, (ws) => {
      const event = { id, type: 'alarm', eventTime: new Date().toISOString(), deviceId: 1 };
      ws.send(JSON.stringify({ events: [{ ...event, attributes: { alarm: 'sos' } }] }));
    });

  const login = async () => {
    await t.page.goto('/login');
    await loginThroughPage(t.page, email, password);
    await t.page.waitForURL((url) => url.pathname === '/');
    await t.page.getByTestId('map-canvas').waitFor();
  };

  it('opens the recovery dialog and shows the spec texts for success and failure', async () => {
    await t.page.goto('/login');
    await t.page.getByTestId('login-recover').click();
    await t.page.getByTestId('recover-email').fill('nobody@e2e.test');
    await t.page.getByTestId('recover-submit').click();
    const message = t.page.getByTestId('message-dialog');
    await message.waitFor();
    expect(await message.textContent()).toContain(
      'Foram enviadas instruções de recuperação de password para o endereço de e-mail nobody@e2e.test',
    );
    await t.page.getByTestId('dialog-ok').click();
    await t.page.getByTestId('login-recover').click();
    await t.page.getByTestId('recover-email').fill('not-an-address');
    await t.page.getByTestId('recover-submit').click();
    const failure = t.page.getByTestId('error-dialog');
    await failure.waitFor();
    expect(await failure.textContent()).toContain(
      'Não foi possível enviar as instruções de recuperação de password!',
    );
  });

  it('opens the new-password dialog from a reset link and reports a refused token', async () => {
    const user = Buffer.from(email).toString('base64url');
    await t.page.goto(`/login?reset=not-a-token&user=${user}`);
    const dialog = t.page.getByTestId('new-password-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox').first().inputValue()).toBe(email);
    await t.page.getByTestId('new-password').fill('Nova-Senha-123');
    await t.page.getByTestId('new-password-confirm').fill('Nova-Senha-123');
    await t.page.getByTestId('new-password-submit').click();
    const failure = t.page.getByTestId('error-dialog');
    await failure.waitFor();
    expect(await failure.textContent()).toContain('Não foi possível definir a nova password!');
  });

  it('shows the QR code and the contact dialog from client details', async () => {
    await t.page.route('**/report/api.php/client_details', (route) =>
      route.fulfill({
        json: {
          title: 'Frota Teste',
          sales_name: 'Vendas Lda',
          sales_address: 'Rua 1, Luanda',
          sales_gps: '-8.83, 13.23',
          sales_email: 'vendas@e2e.test',
          sales_phone: '+244 923 000 000',
        },
      }),
    );
    await t.page.goto('/login');
    await t.page.getByText('Frota Teste').waitFor();
    await t.page.getByTestId('login-qr').click();
    await t.page.getByTestId('qr-dialog').locator('svg').first().waitFor();
    await t.page.keyboard.press('Escape');
    await t.page.getByTestId('qr-dialog').waitFor({ state: 'detached' });
    await t.page.getByTestId('login-contacts').click();
    const contact = t.page.getByTestId('contact-dialog');
    await contact.getByText('Vendas Lda').waitFor();
    expect(await contact.locator('a[href="mailto:vendas@e2e.test"]').count()).toBe(1);
    expect(await contact.locator('a[href="https://wa.me/244923000000"]').count()).toBe(1);
  });

  it('shows OFFLINE when the version check fails and a blinking warning for a client message', async () => {
    await t.page.route('**/meta.json*', (route) => route.abort());
    await t.page.route('**/report/api.php/client_details', (route) =>
      route.fulfill({ json: { title: 'Frota', message: 'Manutenção programada às 22h' } }),
    );
    await login();
    await t.page.getByTestId('version-offline').waitFor();
    await t.page.getByTestId('client-message-button').click();
    await t.page.getByTestId('message-dialog').getByText('Manutenção programada às 22h').waitFor();
  });

  it('shows the session cookie with Ctrl+Alt+0', async () => {
    await login();
    await t.page.keyboard.press('Control+Alt+Digit0');
    const dialog = t.page.getByTestId('cookie-dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Mostrar' }).click();
    await dialog.locator('textarea').first().waitFor();
    expect(await dialog.locator('textarea').first().inputValue()).toMatch(/^frota_session=.+/);
  });

  it('shows the dashboard entry without beta mode and toggles beta mode with Ctrl+Alt+B', async () => {
    await login();
    await openSideMenu(t.page);
    const paths = await t.page
      .getByTestId('menu-item')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-path')));
    expect(paths).toEqual(['/', '/dashboard']);
    await t.page.getByTestId('menu-item').nth(1).click();
    await t.page.waitForURL((url) => url.pathname === '/dashboard');
    await t.page.getByTestId('dashboard-vehicles').waitFor();
    const betaStored = () => t.page.evaluate(() => localStorage.getItem('frota.beta'));
    expect(await betaStored()).toBeNull();
    await t.page.keyboard.press('Control+Alt+KeyB');
    await t.page.getByText('Modo beta activado').waitFor();
    expect(await betaStored()).toBe('1');
    await t.page.keyboard.press('Control+Alt+KeyB');
    await t.page.getByText('Modo beta desactivado').waitFor();
    expect(await betaStored()).toBe('0');
    // the dashboard stays open outside beta mode
    await t.page.reload();
    await t.page.getByTestId('dashboard-vehicles').waitFor();
    expect(pathOf(t.page)).toBe('/dashboard');
  });

  it('refuses a save by a read-only user with the readOnlyUser message', async () => {
    await t.page.goto('/login');
    await loginThroughPage(t.page, readonlyEmail, password);
    // Without any permission the only page left is one's own profile.
    await t.page.waitForURL((url) => /^\/settings\/user\/\d+$/.test(url.pathname));
    await t.page.getByTestId('user-name').fill('Outro nome');
    await t.page.getByTestId('edit-save').click();
    const dialog = t.page.getByTestId('error-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('só tem permissões de leitura');
  });

  it("shows a phone's notice in the app bar, between its buttons, over none of the page", async () => {
    await t.page.setViewportSize({ width: 390, height: 844 });
    await fakeSocketSendsSos(7);
    await login();
    const notice = t.page.locator('.notistack-MuiContent').filter({ hasText: 'Alarme: SOS' });
    await notice.waitFor({ timeout: 15_000 });
    // the notice's slide-in settles before it is measured
    await expect
      .poll(async () => (await notice.boundingBox())?.y, { timeout: 5_000 })
      .toBeGreaterThanOrEqual(0);
    const box = (await notice.boundingBox())!;
    const bar = (await t.page.locator('header').first().boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(bar.y + bar.height);
    const buttons = t.page.locator('header button');
    for (const button of await buttons.all()) {
      const b = (await button.boundingBox())!;
      const overlaps = b.x < box.x + box.width && box.x < b.x + b.width;
      expect(overlaps).toBe(false);
    }
    await screenshot(t.page, 'live-toast-phone');
  });

  it("keeps a gap between an Arabic notice's text and its close button", async () => {
    await fakeSocketSendsSos(8);
    await t.page.goto('/login');
    await loginThroughPage(t.page, arabicEmail, password);
    await t.page.waitForURL((url) => url.pathname === '/');
    const notice = t.page.locator('.notistack-MuiContent').first();
    await notice.waitFor({ timeout: 15_000 });
    expect(await t.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // right to left: the text on the right, its close button on the left, apart
    const text = (await notice.locator('#notistack-snackbar').boundingBox())!;
    const close = (await notice.getByTestId('notice-close').boundingBox())!;
    const glyphs = await notice.locator('#notistack-snackbar').evaluate((e) => {
      const range = document.createRange();
      range.selectNodeContents(e);
      return range.getBoundingClientRect().left;
    });
    expect(close.x + close.width).toBeLessThanOrEqual(text.x + text.width);
    expect(glyphs - (close.x + close.width)).toBeGreaterThanOrEqual(8);
  });

  it('shows each live event as a toast after the 10 s flush and reopens a closed socket', async () => {
    let connections = 0;
    await t.page.routeWebSocket(/\/api\/socket$/, (ws) => {
      connections += 1;
      if (connections === 1) {
        ws.send(
          JSON.stringify({
            events: [
              {
                id: 1,
                type: 'alarm',
                eventTime: new Date().toISOString(),
                deviceId: 1,
                attributes: { alarm: 'sos' },
              },
              {
                id: 2,
                type: 'deviceOverspeed',
                eventTime: new Date().toISOString(),
                deviceId: 1,
                attributes: { message: 'Excesso de velocidade' },
              },
            ],
          }),
        );
        // clock: the fake server hangs up a moment after its message, as a restarting server does (the
        // page's reconnect is what the test waits for, below)
        setTimeout(() => void ws.close(), 200);
      }
    });
    await login();
    await t.page.getByText('Alarme: SOS').waitFor({ timeout: 15_000 });
    await t.page.getByText('Excesso de velocidade').waitFor();
    await screenshot(t.page, 'live-toasts');
    expect(connections).toBeGreaterThanOrEqual(2);
  });
});
