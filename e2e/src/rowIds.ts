/** The ids a list shows, read from its rows' data attribute, and a wait for an exact set of them. */
import type { Page } from 'playwright-core';
import { untilDom } from './domWaits';

/** The ids of the rows with this test id, sorted. */
export const shownRowIds = (page: Page, testId: string, attribute = 'data-id'): Promise<number[]> =>
  page
    .getByTestId(testId)
    .evaluateAll(
      (rows, name) => rows.map((row) => Number(row.getAttribute(name))).sort((a, b) => a - b),
      attribute,
    );

/** Waits until the list shows exactly these ids (in any order), at each change of the page. */
export async function expectRowIds(
  page: Page,
  testId: string,
  ids: number[],
  attribute = 'data-id',
  timeoutMs = 12_000,
): Promise<void> {
  const wanted = JSON.stringify([...ids].sort((a, b) => a - b));
  await untilDom(
    page,
    async () => {
      const shown = JSON.stringify(await shownRowIds(page, testId, attribute));
      if (shown !== wanted) throw new Error(`${testId}: ${shown}, not ${wanted}`);
    },
    timeoutMs,
  );
}
