import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { AdminApi } from './src/api';
import {
  downloadBytes,
  describeBrowser,
  e2e,
  launchBrowser,
  pathOf,
  screenshot,
  type TestPage,
} from './src/browser';
import {
  adminApi,
  columnTexts,
  openList,
  pickItems,
  runTag,
  saveExpectingError,
  search,
  sessionOnly,
  formScreenshot,
  openPortuguesePage,
  dateText,
  typeDate,
} from './src/settingsKit';

type Item = { id: number; name: string };

describeBrowser('temporary link', () => {
  const tag = runTag('tmp');
  let browser: Browser;
  let api: AdminApi;
  let t: TestPage;
  let guest: TestPage | undefined;
  let shared: Item;
  let other: Item;

  beforeAll(async () => {
    browser = await launchBrowser();
    api = await adminApi();
    shared = await api.call<Item>('POST', '/api/devices', {
      name: `${tag} Partilhado`,
      uniqueId: `${tag}-1`,
    });
    other = await api.call<Item>('POST', '/api/devices', { name: `${tag} Privado`, uniqueId: `${tag}-2` });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await guest?.context.close();
    await t?.context.close();
    expect(guest?.errors ?? []).toEqual([]);
    expect(t.errors).toEqual([]);
  });

  it('creates a link with copy and QR code that opens only its vehicles in a fresh browser, until it expires', async () => {
    // An en-US browser: native date inputs would read MM/DD there; the form's dates stay DD/MM/YYYY.
    t = await sessionOnly(browser, e2e.adminEmail, e2e.adminPassword, 'en-US');
    const page = t.page;
    await openList(page, '/settings/temporary_links');
    await page.getByTestId('list-add').click();
    await page.waitForURL((url) => url.pathname === '/settings/temporary_link');
    expect(await saveExpectingError(page)).toContain('Deve preencher o nome do acesso temporário');
    await page.getByTestId('link-name').fill(`${tag} Cliente`);
    expect(await saveExpectingError(page)).toContain('Deve seleccionar pelo menos 1 veículo');
    await pickItems(page, 'link-devices', [`${tag} Partilhado`]);
    // Default expiry: the end of the day 7 days from now (Africa/Luanda).
    const inSevenDays = new Date(Date.now() + 7 * 86400000 + 3600000).toISOString().slice(0, 10);
    const [year, month, day] = inSevenDays.split('-');
    expect(await dateText(page, 'link-expiration')).toBe(`${day}/${month}/${year} 23:59`);
    await page.getByTestId('link-allowHistory').check();
    await typeDate(page, 'link-historyFrom', '10/03/2025');
    await typeDate(page, 'link-historyTo', '12/03/2025');
    await page.getByTestId('edit-save').click();

    // A new link opens its own page with the address to hand over.
    await page.getByTestId('link-address').waitFor();
    expect(pathOf(page)).toMatch(/^\/settings\/temporary_link\/\d+$/);
    const address = await page.getByTestId('link-address').inputValue();
    expect(address).toMatch(new RegExp(`^${e2e.baseUrl}/\\?token=[A-Za-z0-9]{40}$`));
    await t.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.baseUrl });
    await page.getByTestId('link-copy').click();
    await page.getByTestId('link-copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('link-qr-download').click(),
    ]);
    const png = await downloadBytes(download);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([500, 500]);
    await formScreenshot(page, 'settings-temporary-link-form');
    const id = Number(pathOf(page).split('/').pop());
    // the list shows each row's link address and copies it (the address is what is handed over)
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await openList(page, '/settings/temporary_links');
    await search(page, tag);
    expect(await page.getByTestId('link-address-row').textContent()).toBe(address);
    expect(await page.getByTestId('link-expired').count()).toBe(0);
    // and what it shows: its vehicle by name
    expect(await columnTexts(page, 'deviceIds')).toEqual([`${tag} Partilhado`]);
    await page.getByTestId('link-copy-row').click();
    await page.locator('[data-testid="link-copy-row"][data-copied]').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await page.goto(`/settings/temporary_link/${id}`);
    await page.getByTestId('link-address').waitFor();

    const stored = await api.call<{ email: string; attributes: Record<string, string> }>(
      'GET',
      `/api/users/${id}`,
    );
    expect(stored.email).toMatch(/^temp_[a-z0-9]{30}$/);
    expect(stored.attributes.allowHistoryFrom).toBe('2025-03-09T23:00:00.000Z');
    expect(stored.attributes.allowHistoryTo).toBe('2025-03-12T22:59:59.999Z');

    guest = await openPortuguesePage(browser);
    await guest.page.goto(address);
    await guest.page.waitForURL((url) => url.pathname === '/' && !url.search.includes('token'));
    const seen = await guest.page.evaluate(() =>
      fetch('/api/devices').then((r) => r.json() as Promise<Array<{ id: number }>>),
    );
    expect(seen.map((d) => d.id)).toEqual([shared.id]);
    expect(seen.map((d) => d.id)).not.toContain(other.id);
    const me = await guest.page.evaluate(() =>
      fetch('/api/session').then((r) => r.json() as Promise<{ email: string }>),
    );
    expect(me.email).toBe(stored.email);
    // The map of the link lists its vehicle only.
    await guest.page.getByText(`${tag} Partilhado`).first().waitFor();
    expect(await guest.page.getByText(`${tag} Privado`).count()).toBe(0);
    await screenshot(guest.page, 'settings-temporary-link-guest');

    // Expired: the link no longer opens, and the open session ends.
    await typeDate(page, 'link-expiration', '01/01/2020 00:00');
    await page.getByTestId('edit-save').click();
    await page.waitForURL((url) => url.pathname === '/settings/temporary_links');
    await search(page, tag);
    // the list marks the link expired beside its date
    expect(await columnTexts(page, 'expirationTime')).toEqual(['01/01/2020 00:00:00Expirado']);
    expect(await page.getByTestId('link-expired').textContent()).toBe('Expirado');
    const late = await openPortuguesePage(browser);
    await late.page.goto(address);
    await late.page.waitForURL((url) => url.pathname === '/login');
    expect(late.errors).toEqual([]);
    await late.context.close();
    await guest.page.reload();
    await guest.page.waitForURL((url) => url.pathname === '/login');

    await page.getByTestId('list-remove').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByText('Sem dados').waitFor();
  });
});
