/** Driving the refill centre in the browser tests. */
import type { Page } from 'playwright-core';
import { expectRowIds, shownRowIds } from './rowIds';

export const shownIds = (page: Page): Promise<number[]> => shownRowIds(page, 'refill-row');

export const expectRows = (page: Page, ids: number[]): Promise<void> => expectRowIds(page, 'refill-row', ids);

export async function pick(page: Page, filter: string, labels: string[]): Promise<void> {
  for (const label of labels) {
    await page.getByTestId(`refills-filter-${filter}`).click();
    await page.getByTestId(`refills-filter-${filter}`).fill(label);
    await page.getByTestId(`refills-filter-${filter}-option`).filter({ hasText: label }).first().click();
  }
  await page.keyboard.press('Escape');
}

/** The colour state of one consumption cell of a refill's row. */
export const cellState = (page: Page, id: number, field: string): Promise<string | null> =>
  page
    .locator(
      `[data-testid="refill-row"][data-id="${id}"] [data-testid="refill-consumption-cell"][data-field="${field}"]`,
    )
    .getAttribute('data-state');

export async function openRefill(page: Page, id: number): Promise<void> {
  await page.locator(`[data-testid="refill-row"][data-id="${id}"] [data-testid="refill-open"]`).click();
  await page.getByTestId('refill-dialog').waitFor();
}

/** Saves the form and waits to be back on `path`; a refused save fails with the error dialog's text. */
export async function saveTo(page: Page, path: string): Promise<void> {
  await page.getByTestId('edit-save').click();
  const refused = page.getByTestId('error-dialog');
  await Promise.race([
    page.waitForURL((url) => url.pathname === path),
    refused.waitFor().then(async () => {
      throw new Error(`save refused: ${await refused.textContent()}`);
    }),
  ]);
}
