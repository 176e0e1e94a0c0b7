/** Helpers of the settings browser tests: sessions, list reading, exports, pickers and test data. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { AdminApi } from './api';
import { downloadBytes, e2e, loginByApi, screenshot, settle, type TestPage } from './browser';
import { untilDom } from './domWaits';

export const PASSWORD = 'Senha-Boa-123';

/**
 * A fresh page as openPage makes it, in a browser set to Portuguese (Portugal) like the fleet's users, or
 * to another browser locale (the interface language still comes from the user).
 */
export async function openPortuguesePage(browser: Browser, locale = 'pt-PT'): Promise<TestPage> {
  const context = await browser.newContext({
    // The service worker is tested on its own; elsewhere it would answer requests the tests route.
    serviceWorkers: 'block',
    baseURL: e2e.baseUrl,
    acceptDownloads: true,
    viewport: { width: 1280, height: 800 },
    locale,
    timezoneId: 'Africa/Luanda',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error?.stack ?? error)));
  page.setDefaultTimeout(15_000);
  return { context, page, errors };
}

/**
 * A fresh browser context logged in (by the API) on the landing page; `at: null` opens no page, for a
 * test whose next step opens its own (saving the landing page's load).
 */
export async function sessionAs(
  browser: Browser,
  email = e2e.adminEmail,
  password = e2e.adminPassword,
  locale?: string,
  at: string | null = '/',
): Promise<TestPage> {
  const t = await openPortuguesePage(browser, locale);
  await loginByApi(t.page, email, password, at);
  if (at !== null) await t.page.waitForURL((url) => url.pathname !== '/login');
  return t;
}

/** `sessionAs` without the landing page: for a test whose next step opens its own page. */
export const sessionOnly = (browser: Browser, email?: string, password?: string, locale?: string) =>
  sessionAs(browser, email, password, locale, null);

export const adminApi = (): Promise<AdminApi> =>
  AdminApi.login(e2e.baseUrl, e2e.adminEmail, e2e.adminPassword);

/**
 * Opens a list screen and waits until its grid has rendered (rows or the empty message), or on a phone its
 * cards (DataList shows one card per row below 600 px).
 */
export async function openList(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('.MuiDataGrid-root:visible, [data-testid="list-cards"]').first().waitFor();
  await page.waitForFunction(
    () =>
      !!document.querySelector('[data-testid="list-cards"]') ||
      (!document.querySelector('.MuiDataGrid-root .MuiCircularProgress-root') &&
        (document.querySelector('.MuiDataGrid-row') || document.querySelector('.MuiDataGrid-overlay'))),
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

/** Waits until one column shows the texts expected (lists built from several queries fill in a moment later). */
export async function waitForColumn(page: Page, field: string, expected: string[]): Promise<void> {
  await untilDom(page, async () => {
    const texts = await columnTexts(page, field);
    if (JSON.stringify(texts) !== JSON.stringify(expected))
      throw new Error(`column ${field} shows ${JSON.stringify(texts)}, not ${JSON.stringify(expected)}`);
  });
}

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
  const bytes = await downloadBytes(download);
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  return {
    name: download.suggestedFilename(),
    lines: kind === 'csv' ? text.trim().split(/\r?\n/) : [],
    bytes,
  };
}

/** The files of a ZIP archive (an XLSX workbook) by name, read from its central directory. */
export function unzip(bytes: Buffer): Map<string, Buffer> {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a ZIP archive');
  const files = new Map<string, Buffer>();
  let at = bytes.readUInt32LE(end + 16);
  for (let i = 0; i < bytes.readUInt16LE(end + 10); i++) {
    const method = bytes.readUInt16LE(at + 10);
    const size = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const skip = nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    const local = bytes.readUInt32LE(at + 42);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(data) : data);
    at += 46 + skip;
  }
  return files;
}

const xmlText = (xml: string): string =>
  xml
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Opens an exported XLSX workbook: the rows of its first sheet as cell texts (empty cells ''). */
export function xlsxRows(bytes: Buffer): string[][] {
  const files = unzip(bytes);
  const shared = [
    ...(files.get('xl/sharedStrings.xml')?.toString('utf8') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g),
  ].map((m) => xmlText(m[1]));
  const sheet = files.get('xl/worksheets/sheet1.xml')?.toString('utf8');
  if (!sheet) throw new Error('no first sheet in the workbook');
  const column = (ref: string) =>
    [...ref.replace(/\d+$/, '')].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
  return [...sheet.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map((row) => {
    const cells: string[] = [];
    for (const cell of row[1].matchAll(/<c r="([A-Z]+\d+)"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const type = /t="(\w+)"/.exec(cell[2])?.[1];
      const inner = cell[3] ?? '';
      const value = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
      const text =
        type === 's' ? (shared[Number(value)] ?? '') : value !== undefined ? xmlText(value) : xmlText(inner);
      const index = column(cell[1]);
      while (cells.length < index) cells.push('');
      cells[index] = text;
    }
    return cells;
  });
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

/** The text a settings date field shows (DD/MM/YYYY, or DD/MM/YYYY HH:mm), '' when empty. */
export const dateText = (page: Page, testId: string): Promise<string> =>
  page.getByTestId(testId).inputValue();

/**
 * Types a date into a settings date field as a person does: the field shows and accepts DD/MM/YYYY
 * (HH:mm) in every browser locale, moving from day to month to year as digits come in.
 */
export async function typeDate(page: Page, testId: string, text: string): Promise<void> {
  const field = page.getByTestId(testId).locator('xpath=..');
  await field.locator('.MuiPickersInputBase-sectionContent').first().click();
  await page.keyboard.type(text.replace(/\D/g, ''));
  const input = page.getByTestId(testId);
  await untilDom(
    page,
    async () => {
      const shown = await input.inputValue();
      if (shown !== text) throw new Error(`${testId} shows "${shown}", not "${text}"`);
    },
    5_000,
  );
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

/**
 * A screenshot of the whole page: the viewport grows to the page's height for it. Saved with the others
 * in e2e/screenshots, or as {dir}/{name}.png when a folder is given.
 */
export async function formScreenshot(page: Page, name: string, dir?: string): Promise<void> {
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
  if (dir) {
    mkdirSync(dir, { recursive: true });
    await settle(page);
    await page.screenshot({ path: join(dir, `${name}.png`) });
  } else await screenshot(page, name);
  await page.setViewportSize(size);
}
