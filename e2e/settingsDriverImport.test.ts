import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { AdminApi } from './src/api';
import { describeBrowser, launchBrowser, type TestPage } from './src/browser';
import { adminApi, chooseOption, runTag, sessionOnly, formScreenshot } from './src/settingsKit';

type Driver = { id: number; name: string; uniqueId: string; attributes: Record<string, string> };

describeBrowser('driver import', () => {
  const tag = runTag('imp');
  let browser: Browser;
  let api: AdminApi;
  let t: TestPage;
  let groupId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    api = await adminApi();
    groupId = (await api.call<{ id: number }>('POST', '/api/groups', { name: `${tag} Importados` })).id;
    await api.call('POST', '/api/drivers', { name: `${tag} Existente`, uniqueId: `DUP${tag}` });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await t?.context.close();
    expect(t.errors).toEqual([]);
  });

  /** Pastes text into the focused cell the way a spreadsheet copy arrives. */
  const paste = (text: string) =>
    t.page.evaluate((data) => {
      const transfer = new DataTransfer();
      transfer.setData('text/plain', data);
      document.activeElement!.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
      );
    }, text);

  it('imports 20 pasted rows into a group, logs the bad row as ERRO and goes on, then resets', async () => {
    t = await sessionOnly(browser);
    const page = t.page;
    await page.goto('/settings/drivers');
    await page.getByTestId('drivers-import').click();
    await page.waitForURL((url) => url.pathname === '/settings/driver_import');
    await chooseOption(page, 'import-group', `${tag} Importados`);
    // Row 8 repeats an RFID that already exists: the server refuses it.
    const lines = Array.from({ length: 20 }, (_, i) =>
      [
        `${tag} Condutor ${String(i + 1).padStart(2, '0')}`,
        `92300${1000 + i}`,
        `nota ${i + 1}`,
        i === 7 ? `DUP${tag}` : `${tag}R${i + 1}`,
      ].join('\t'),
    );
    await page.getByTestId('import-name-0').focus();
    await paste(`${lines.join('\r\n')}\r\n`);
    expect(await page.getByTestId('import-row').count()).toBe(20);
    expect(await page.getByTestId('import-rfid-19').inputValue()).toBe(`${tag}R20`);
    expect(await page.getByTestId('import-progress').textContent()).toBe('0 / 20');
    await formScreenshot(page, 'settings-driver-import');

    await page.getByTestId('import-start').click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Importar 20 condutores?');
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('import-done').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('import-done').textContent()).toBe('Importação concluída!');
    expect(await page.getByTestId('import-progress').textContent()).toBe('20 / 20');
    const errors = await page.getByTestId('import-log-error').allTextContents();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^\[\d\d:\d\d:\d\d\] ERRO na linha 8: não foi possível criar o condutor/);
    expect(await page.getByTestId('import-log-error').evaluate((el) => getComputedStyle(el).fontWeight)).toBe(
      '700',
    );
    const lines2 = await page.getByTestId('import-log-line').allTextContents();
    expect(lines2.filter((l) => l.includes('criado'))).toHaveLength(19);
    expect(lines2.at(-1)).toMatch(/Importação concluída!$/);
    expect(await page.getByTestId('import-status-7').getAttribute('data-failed')).toBe('true');
    expect(await page.getByTestId('import-status-8').getAttribute('data-status')).toBe('1');
    await formScreenshot(page, 'settings-driver-import-done');

    const inGroup = await api.call<Driver[]>('GET', `/api/drivers?groupId=${groupId}`);
    expect(inGroup).toHaveLength(19);
    const first = inGroup.find((d) => d.name === `${tag} Condutor 01`)!;
    expect(first).toMatchObject({
      uniqueId: `${tag}R1`,
      attributes: { phone: '923001000', notes: 'nota 1' },
    });
    expect(inGroup.some((d) => d.name === `${tag} Condutor 08`)).toBe(false);

    await page.getByTestId('import-reset').click();
    expect(await page.getByTestId('import-row').count()).toBe(10);
    expect(await page.getByTestId('import-name-0').inputValue()).toBe('');
    expect(await page.getByTestId('import-log-line').count()).toBe(0);
    expect(await page.getByTestId('import-done').count()).toBe(0);
    expect(await page.getByTestId('import-progress').textContent()).toBe('0 / 0');

    // on a phone the grid keeps cells one can type a name in, and scrolls sideways (a shade says so)
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('scroll-edge-right').waitFor();
    expect((await page.getByTestId('import-name-0').boundingBox())!.width).toBeGreaterThanOrEqual(140);
    // the name and the phone show whole, the notes begin at the edge
    const grid = (await page.getByTestId('import-grid-scroll').boundingBox())!;
    const phone = (await page.getByTestId('import-phone-0').boundingBox())!;
    const notes = (await page.getByTestId('import-notes-0').boundingBox())!;
    expect(phone.x + phone.width).toBeLessThanOrEqual(grid.x + grid.width);
    expect(phone.width).toBeGreaterThanOrEqual(100);
    expect(notes.x).toBeLessThan(grid.x + grid.width);
    await formScreenshot(page, 'settings-driver-import-phone');
  });
});
