/**
 * The web app at the HTTP edge (issue 15): every screen and the API docs open under the security policy
 * with no violation, and the service worker shows the offline page when the server cannot be reached.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ROUTES } from '../web/src/app/areas';
import { AdminApi } from './src/api';
import {
  nextFrames,
  describeBrowser,
  e2e,
  launchBrowser,
  loginThroughPage,
  openPage,
  screenshot,
  type TestPage,
} from './src/browser';

/** Every screen's address: an optional `/:id?` opens the list or the new form. */
const SCREEN_PATHS = ROUTES.map((route) => route.path.replace(/\/:[a-z]+\?$/, ''));

/** Records the page's security policy violations (and refused console loads) as they happen. */
async function watchViolations(t: TestPage): Promise<() => Promise<string[]>> {
  await t.context.addInitScript(() => {
    const found: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = found;
    document.addEventListener('securitypolicyviolation', (event) =>
      found.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const consoleReports: string[] = [];
  t.page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) consoleReports.push(message.text());
  });
  return async () => [
    ...(await t.page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])),
    ...consoleReports,
  ];
}

/**
 * Screens that open on a chosen record (a management list or form on its vehicle, a camera vehicle's media):
 * opened by their bare address they send the user on, to the summary or their list.
 */
const NEEDS_A_RECORD = new Set(
  ['refills', 'refill', 'maintenances', 'maintenance', 'costs', 'cost', 'documents', 'document', 'settings']
    .map((screen) => `/management/${screen}`)
    .concat('/settings/camera_images'),
);

/**
 * Navigates inside the application (no reload), waits for the screen's code to have loaded and answers
 * where the user ends up: the screen's own address, or where a screen that needs a record sent them (its
 * redirect awaited, not raced: reading the address at once passed or failed with the machine's load).
 */
async function openScreen(page: Page, path: string): Promise<string> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="page-loading"]').length === 0);
  expect(await page.getByTestId('page-load-failed').count(), path).toBe(0);
  if (NEEDS_A_RECORD.has(path)) await page.waitForFunction((from) => window.location.pathname !== from, path);
  else await nextFrames(page);
  return page.evaluate(() => window.location.pathname);
}

describeBrowser('web app edge', () => {
  let browser: Browser;
  let t: TestPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    // A vehicle of its own that offers every screen (eco driving and RAG, the management pages): the test
    // does not depend on what other files left on the server.
    const api = await AdminApi.login(e2e.baseUrl, e2e.adminEmail, e2e.adminPassword);
    const tag = Date.now().toString(36);
    await api.call('POST', '/api/devices', {
      name: `Ecrãs ${tag}`,
      uniqueId: `edge${tag}`,
      phone: '213000000',
      attributes: { has_canbus: true, has_eco_driving: true, has_rag: true },
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await t?.context.close();
    expect(t.errors).toEqual([]);
  });

  it('opens every screen and the API docs with the security policy on and no violation', async () => {
    t = await openPage(browser);
    const violations = await watchViolations(t);
    const response = await t.page.goto('/login');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await loginThroughPage(t.page, e2e.adminEmail, e2e.adminPassword);
    await t.page.getByTestId('map-canvas').waitFor();
    await t.page.waitForFunction(
      () => document.querySelector('[data-testid="map-canvas"]')?.getAttribute('data-map-ready') === 'true',
    );

    expect(SCREEN_PATHS.length).toBeGreaterThan(40);
    for (const path of NEEDS_A_RECORD) expect(SCREEN_PATHS).toContain(path);
    // Every other screen opens where it was asked (the administrator may open them all; its own vehicle
    // offers the device-gated reports), and stays there.
    const sentBack: string[] = [];
    for (const path of SCREEN_PATHS) {
      const landed = await openScreen(t.page, path);
      if (!NEEDS_A_RECORD.has(path) && landed !== path) sentBack.push(`${path} → ${landed}`);
    }
    expect(sentBack, 'sent back').toEqual([]);
    await openScreen(t.page, '/');
    await t.page.waitForLoadState('networkidle');
    await nextFrames(t.page);
    expect(await violations()).toEqual([]);

    await t.page.goto('/api/docs');
    await t.page.locator('.swagger-ui .info .title').waitFor();
    await t.page.locator('.opblock').first().waitFor();
    await screenshot(t.page, 'api-docs');
    expect(await violations()).toEqual([]);
  }, 300_000);

  it('shows the offline page from the service worker when the server cannot be reached, and recovers', async () => {
    t = await openPage(browser, { serviceWorkers: 'allow' });
    await t.page.goto('/login');
    await t.page.getByTestId('login-email').waitFor();
    // The worker takes the page over once it has installed (clientsClaim) and cached the application.
    await t.page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 30_000,
    });
    const cached = await t.page.evaluate(async () => {
      const names = await caches.keys();
      const lists = await Promise.all(names.map(async (name) => (await caches.open(name)).keys()));
      return lists.flat().map((request) => new URL(request.url).pathname);
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((path) => /^\/assets\/maplibre-gl-.+\.js$/.test(path))).toBe(true);

    await t.context.setOffline(true);
    await t.page.reload();
    const offline = t.page.getByTestId('offline-page');
    await offline.waitFor();
    expect(await offline.textContent()).toContain('Sem ligação ao servidor');
    await screenshot(t.page, 'offline-page');

    // Trying again with no network keeps the offline page; the browser coming back online opens the login.
    const retried = t.context.waitForEvent('requestfailed', (request) =>
      new URL(request.url()).pathname.startsWith('/api/session'),
    );
    await t.page.getByTestId('offline-retry').click();
    await retried;
    await nextFrames(t.page);
    expect(await t.page.getByTestId('offline-page').count()).toBe(1);
    await t.context.setOffline(false);
    await t.page.getByTestId('login-email').waitFor();
    expect(await t.page.getByTestId('offline-page').count()).toBe(0);
  });
});
