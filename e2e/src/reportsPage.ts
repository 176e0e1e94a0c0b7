/** Driving the report screens in the browser tests. */
import type { Page } from 'playwright-core';
import { e2e, loginByApi } from './browser';

export async function loginAs(
  page: Page,
  email = e2e.adminEmail,
  password = e2e.adminPassword,
  at: string | null = '/',
): Promise<void> {
  await loginByApi(page, email, password, at);
  if (at !== null) await page.waitForURL((url) => url.pathname !== '/login');
}

/** `loginAs` without the landing page: for a test whose next step opens its own page. */
export const loginOnly = (page: Page, email?: string, password?: string) =>
  loginAs(page, email, password, null);

export async function openReport(page: Page, name: string): Promise<void> {
  await page.goto(`/report/${name}`);
  await page.getByTestId('report-form').waitFor();
}

/** Chooses an option of a MUI select by test ids. */
export async function choose(page: Page, selectId: string, optionId: string): Promise<void> {
  await page.getByTestId(selectId).click();
  await page.getByTestId(optionId).click();
  await page.getByTestId(optionId).waitFor({ state: 'detached' });
}

export const choosePeriod = (page: Page, preset: string) =>
  choose(page, 'report-period', `report-period-${preset}`);

/** Types in a picker and clicks the option with that test id. */
export async function pick(page: Page, pickerId: string, text: string, optionId: string): Promise<void> {
  const input = page.getByTestId(pickerId);
  await input.click();
  await input.fill(text);
  await page.getByTestId(optionId).click();
  await page.keyboard.press('Escape');
}

/** Names of the chips of a picker. */
export const chips = (page: Page, pickerId: string): Promise<string[]> =>
  page
    .locator('.MuiAutocomplete-root', { has: page.getByTestId(pickerId) })
    .locator('.MuiChip-label')
    .allTextContents();

/** Runs the report on screen and waits for its tables (a loaded CI machine can take a while). */
export async function query(page: Page): Promise<void> {
  await page.getByTestId('report-query').click();
  await page.getByTestId('report-results').waitFor({ timeout: 60_000 });
}

/** The texts of the visible cells of the nth result table. */
export async function tableRows(page: Page, table = 0): Promise<string[][]> {
  return page
    .getByTestId('report-table')
    .nth(table)
    .getByTestId('report-row')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
    );
}

export async function tableHeader(page: Page, table = 0): Promise<string[]> {
  return page
    .getByTestId('report-table')
    .nth(table)
    .locator('thead tr')
    .last()
    .locator('th')
    .allTextContents();
}

/** Types a date-time into a picker field section by section (DD/MM/YYYY HH:mm:ss). */
export async function typeDateTime(page: Page, testId: string, text: string): Promise<void> {
  const field = page.getByTestId(testId);
  await field.locator('[role="spinbutton"]').first().click();
  await page.keyboard.type(text.replace(/\D/g, ''));
}
