import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { AdminApi } from './src/api';
import {
  downloadBytes,
  describeBrowser,
  e2e,
  launchBrowser,
  loginByApi,
  openPage,
  screenshot,
  type TestPage,
} from './src/browser';

describeBrowser('users list', () => {
  const tag = `lst${Date.now().toString(36)}`;
  // Twelve users whose names differ in case, so only a case-insensitive sort orders them as below.
  const names = [
    'alfa',
    'Bravo',
    'charlie',
    'Delta',
    'echo',
    'Foxtrot',
    'golf',
    'Hotel',
    'india',
    'Juliett',
    'kilo',
    'Lima',
  ].map((word) => `${word} ${tag}`);
  let browser: Browser;
  let t: TestPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    const api = await AdminApi.login(e2e.baseUrl, e2e.adminEmail, e2e.adminPassword);
    for (const [i, name] of [...names].reverse().entries()) {
      await api.createUser({
        name,
        email: `${tag}-${i}@e2e.test`,
        password: 'Senha-Boa-123',
        phone: `92300${i}`,
      });
    }
    await api.createUser({
      name: `temporario ${tag}`,
      email: `temp_${tag}@e2e.test`,
      password: 'Temp-Senha-123456',
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    t = await openPage(browser);
    await loginByApi(t.page, e2e.adminEmail, e2e.adminPassword, '/settings/users');
    await t.page.locator('.MuiDataGrid-row').first().waitFor();
  });
  afterEach(async () => {
    await t.context.close();
    expect(t.errors).toEqual([]);
  });

  const shownNames = () =>
    t.page
      .locator('.MuiDataGrid-row [data-field="name"]')
      .evaluateAll((cells) => cells.map((c) => c.textContent ?? ''));
  const search = async (text: string) => {
    await t.page.getByTestId('list-search').fill(text);
    await t.page.waitForFunction(
      (needle) =>
        [...document.querySelectorAll('.MuiDataGrid-row [data-field="name"]')].every((c) =>
          (c.textContent ?? '').toLowerCase().includes(needle),
        ),
      text.toLowerCase(),
    );
  };

  it('lists users but neither temporary users nor oneself, sorted by name ignoring case', async () => {
    await search(tag);
    expect(await shownNames()).toEqual(names);
    await t.page.getByTestId('list-search').fill(e2e.adminEmail);
    await t.page.getByText('Sem dados').waitFor();
    await screenshot(t.page, 'users-empty');
  });

  it('searches, sorts and pages', async () => {
    await search(tag);
    await screenshot(t.page, 'users-list');
    await search(`hotel ${tag}`);
    expect(await shownNames()).toEqual([`Hotel ${tag}`]);
    await search(tag);
    await t.page
      .locator('.MuiDataGrid-columnHeader[data-field="name"] .MuiDataGrid-columnHeaderTitle')
      .click();
    await t.page.waitForFunction(
      (first) => document.querySelector('.MuiDataGrid-row [data-field="name"]')?.textContent === first,
      names[11],
    );
    expect(await shownNames()).toEqual([...names].reverse());
    await t.page
      .locator('.MuiDataGrid-columnHeader[data-field="name"] .MuiDataGrid-columnHeaderTitle')
      .click();
    await t.page
      .locator('.MuiDataGrid-columnHeader[data-field="name"] .MuiDataGrid-columnHeaderTitle')
      .click();

    const displayed = t.page.locator('.MuiTablePagination-displayedRows');
    expect(await displayed.textContent()).toMatch(/^1\D+12 de 12$/);
    await t.page.locator('.MuiTablePagination-root [role="combobox"]').click();
    await t.page.getByRole('option', { name: '10', exact: true }).click();
    await t.page.waitForFunction(() => document.querySelectorAll('.MuiDataGrid-row').length === 10);
    expect(await displayed.textContent()).toMatch(/^1\D+10 de 12$/);
    await t.page.locator('.MuiTablePagination-actions button').last().click();
    await t.page.waitForFunction(() => document.querySelectorAll('.MuiDataGrid-row').length === 2);
    expect(await shownNames()).toEqual(names.slice(10));
    expect(await displayed.textContent()).toMatch(/^11\D+12 de 12$/);
  });

  it('exports the rows shown as CSV named Users', async () => {
    await search(tag);
    await t.page.getByTestId('list-export').click();
    const [download] = await Promise.all([
      t.page.waitForEvent('download'),
      t.page.getByTestId('list-export-csv').click(),
    ]);
    expect(download.suggestedFilename()).toBe('Users.csv');
    const csv = (await downloadBytes(download)).toString('utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Nome,E-mail,Telefone');
    expect(lines).toHaveLength(13);
    expect(lines[1]).toBe(`${names[0]},${tag}-11@e2e.test,9230011`);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(names);
  });

  it('exports the rows as an Excel workbook', async () => {
    await search(tag);
    await t.page.getByTestId('list-export').click();
    const [download] = await Promise.all([
      t.page.waitForEvent('download'),
      t.page.getByTestId('list-export-excel').click(),
    ]);
    expect(download.suggestedFilename()).toBe('Users.xlsx');
    const bytes = await downloadBytes(download);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('adds, edits and removes a user through the generic form', async () => {
    await t.page.getByTestId('list-add').click();
    await t.page.waitForURL((url) => url.pathname === '/settings/user');
    await t.page.getByTestId('edit-save').click();
    const dialog = t.page.getByTestId('error-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Erro');
    expect(await dialog.textContent()).toContain('Nome inválido');
    await t.page.getByTestId('dialog-ok').click();
    await t.page.getByTestId('user-name').fill(`Mike ${tag}`);
    await t.page.getByTestId('user-email').fill(`mike-${tag}@e2e.test`);
    await t.page.getByTestId('user-password').fill('Senha-Boa-123');
    await screenshot(t.page, 'user-form');
    await t.page.getByTestId('edit-save').click();
    await t.page.waitForURL((url) => url.pathname === '/settings/users');
    await search(`mike ${tag}`);
    expect(await shownNames()).toEqual([`Mike ${tag}`]);

    await t.page.getByTestId('list-remove').click();
    await t.page.getByTestId('confirm-ok').click();
    await t.page.getByText('Sem dados').waitFor();
  });

  it('shows a failed save as Error {status}: {statusText} and the server text', async () => {
    await t.page.goto(`/settings/user`);
    await t.page.getByTestId('user-name').fill(`Dup ${tag}`);
    await t.page.getByTestId('user-email').fill(`${tag}-0@e2e.test`);
    await t.page.getByTestId('user-password').fill('Senha-Boa-123');
    await t.page.route('**/api/users', (route) =>
      route.fulfill({ status: 400, contentType: 'text/plain', body: 'Duplicate entry (users.email)' }),
    );
    await t.page.getByTestId('edit-save').click();
    const dialog = t.page.getByTestId('error-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Error 400: Bad Request Duplicate entry');
  });

  it('goes to {editPath}_import with Ctrl+click on add', async () => {
    const visited: string[] = [];
    t.page.on('framenavigated', (frame) => visited.push(new URL(frame.url()).pathname));
    await t.page.getByTestId('list-add').click({ modifiers: ['Control'] });
    // /settings/user_import is no route of the product: its blank page redirects to the first menu entry.
    await t.page.waitForURL((url) => url.pathname === '/');
    expect(visited).toContain('/settings/user_import');
  });
});
