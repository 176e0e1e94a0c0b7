/** Helpers of the settings browser tests: sessions, list reading, exports, pickers and test data. */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { AdminApi } from './api';
import { e2e, loginThroughPage, screenshot, type TestPage } from './browser';

export const PASSWORD = 'Senha-Boa-123';

/** A fresh page as openPage makes it, in a browser set to Portuguese (Portugal) like the fleet's users. */
export async function openPortuguesePage(browser: Browser): Promise<TestPage> {
  const context = await browser.newContext({
    baseURL: e2e.baseUrl,
    acceptDownloads: true,
    viewport: { width: 1280, height: 800 },
    locale: 'pt-PT',
    timezoneId: 'Africa/Luanda',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error?.stack ?? error)));
  page.setDefaultTimeout(15_000);
  return { context, page, errors };
}

/** A fresh browser context logged in through the login page. */
export async function sessionAs(
  browser: Browser,
  email = e2e.adminEmail,
  password = e2e.adminPassword,
): Promise<TestPage> {
  const t = await openPortuguesePage(browser);
  await t.page.goto('/login');
  await loginThroughPage(t.page, email, password);
  await t.page.waitForURL((url) => url.pathname !== '/login');
  return t;
}

export const adminApi = (): Promise<AdminApi> =>
  AdminApi.login(e2e.baseUrl, e2e.adminEmail, e2e.adminPassword);

/** Opens a list screen and waits until its grid has rendered (rows or the empty message). */
export async function openList(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('.MuiDataGrid-root').waitFor();
  await page.waitForFunction(
    () =>
      !document.querySelector('.MuiDataGrid-root .MuiCircularProgress-root') &&
      (document.querySelector('.MuiDataGrid-row') || document.querySelector('.MuiDataGrid-overlay')),
  );
}

/** Texts of one column in the rows shown, in the order they are seen. */
export const columnTexts = (page: Page, field: string): Promise<string[]> =>
  page.locator('.MuiDataGrid-row').evaluateAll(
    (rows, name) =>
      rows
        .map((row) => ({
          index: Number(row.getAttribute('aria-rowindex') ?? 0),
          text: (row.querySelector(`[data-field="${name}"]`)?.textContent ?? '').trim(),
        }))
        .sort((a, b) => a.index - b.index)
        .map((row) => row.text),
    field,
  );

/** Header titles of the grid in order. */
export const headerTitles = (page: Page): Promise<string[]> =>
  page
    .locator('.MuiDataGrid-columnHeader .MuiDataGrid-columnHeaderTitle')
    .evaluateAll((cells) => cells.map((c) => (c.textContent ?? '').trim()));

/** Types in the search box and waits until every shown row contains the text (or none is shown). */
export async function search(page: Page, text: string): Promise<void> {
  await page.getByTestId('list-search').fill(text);
  await page.waitForFunction(
    (needle) =>
      [...document.querySelectorAll('.MuiDataGrid-row')].every((row) =>
        (row.textContent ?? '').toLowerCase().includes(needle),
      ),
    text.toLowerCase(),
  );
}

/** Exports the list and answers the file name and, for CSV, its lines. */
export async function exportList(
  page: Page,
  kind: 'csv' | 'excel',
): Promise<{ name: string; lines: string[]; bytes: Buffer }> {
  await page.getByTestId('list-export').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(`list-export-${kind}`).click(),
  ]);
  const bytes = readFileSync(await download.path());
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  return {
    name: download.suggestedFilename(),
    lines: kind === 'csv' ? text.trim().split(/\r?\n/) : [],
    bytes,
  };
}

/** Chooses items by name in an association picker (IdMultiSelect). */
export async function pickItems(page: Page, testId: string, names: string[]): Promise<void> {
  for (const name of names) {
    await page.getByTestId(testId).fill(name);
    await page.getByTestId(`${testId}-option`).filter({ hasText: name }).first().click();
  }
  await page.keyboard.press('Escape');
}

/** Chooses an option of a MUI select opened by the element with the test id. */
export async function chooseOption(page: Page, testId: string, name: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name, exact: true }).click();
}

/** Saves the form and answers the text of the error dialog, after closing it. */
export async function saveExpectingError(page: Page): Promise<string> {
  await page.getByTestId('edit-save').click();
  const dialog = page.getByTestId('error-dialog');
  await dialog.waitFor();
  const text = (await dialog.textContent()) ?? '';
  await page.getByTestId('dialog-ok').click();
  await dialog.waitFor({ state: 'detached' });
  return text;
}

/** Sends one position through the server's OsmAnd listener (the real ingestion path). */
export async function sendPosition(
  uniqueId: string,
  lat: number,
  lon: number,
  extra: Record<string, string> = {},
): Promise<void> {
  const query = new URLSearchParams({
    id: uniqueId,
    lat: String(lat),
    lon: String(lon),
    timestamp: String(Math.floor(Date.now() / 1000)),
    speed: '0',
    ...extra,
  });
  const response = await fetch(`http://127.0.0.1:${e2e.osmandPort}/?${query.toString()}`, { method: 'POST' });
  if (!response.ok) throw new Error(`osmand: ${response.status}`);
}

/** Runs fn until it stops throwing (data reaching the server asynchronously). */
export async function eventually<T>(fn: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fn();
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** A short unique tag for the names of one suite's data. */
export const runTag = (prefix: string): string => `${prefix}${Date.now().toString(36).slice(-5)}`;

/** Cells of one CSV line (RFC 4180 quoting). */
export function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

/** A screenshot of the whole page: the viewport grows to the page's height for it. */
export async function formScreenshot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  // The layout scrolls inside one of its boxes: grow by what the page's scrolling boxes hide (boxes
  // with their own maximum height, like the import grid, keep scrolling).
  const hidden = await page.evaluate(() =>
    Math.max(
      document.documentElement.scrollHeight - window.innerHeight,
      ...[...document.querySelectorAll('body *')].map((el) => {
        const style = getComputedStyle(el);
        return ['auto', 'scroll'].includes(style.overflowY) && style.maxHeight === 'none'
          ? el.scrollHeight - el.clientHeight
          : 0;
      }),
    ),
  );
  await page.setViewportSize({
    width: size.width,
    height: Math.min(size.height + Math.max(0, hidden) + 24, 3200),
  });
  await screenshot(page, name);
  await page.setViewportSize(size);
}
