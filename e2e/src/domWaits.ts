import type { Locator, Page, Response } from 'playwright-core';

/**
 * Waits on what the page does, not on the clock. `untilDom` tries a check again at every change of the
 * page's DOM (a MutationObserver counts them); `untilFrames` at every pair of animation frames, for what
 * changes without touching the DOM (layout after a resize, a map's camera, a decoded image). Both fail with
 * the check's own error once `timeoutMs` has passed, a guard rather than a wait.
 */

/** The page's count of DOM changes, counting from the first call after each navigation. */
function domVersion(page: Page): Promise<number> {
  return page.evaluate(() => {
    const w = window as unknown as { __frotaDomChanges?: number };
    if (w.__frotaDomChanges === undefined) {
      w.__frotaDomChanges = 0;
      new MutationObserver(() => (w.__frotaDomChanges! += 1)).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    }
    return w.__frotaDomChanges;
  });
}

async function retry<T>(check: () => Promise<T>, timeoutMs: number, next: (left: number) => Promise<void>) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      const left = end - Date.now();
      if (left <= 0) throw error;
      // A failed wait (the guard's end, a navigation) ends in one more check: it throws the real reason.
      await next(left).catch(() => undefined);
    }
  }
}

/** Runs `check` until it stops throwing, again after each change of the page's DOM. */
export function untilDom<T>(page: Page, check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  let seen = -1;
  return retry(
    async () => {
      seen = await domVersion(page).catch(() => -1);
      return check();
    },
    timeoutMs,
    async (left) => {
      if (seen < 0) return;
      // resolves at the next change (at once if one came since `seen`); the page's own guard ends it
      await page.evaluate(
        ([n, guardMs]) =>
          new Promise<void>((resolve) => {
            const count = (window as unknown as { __frotaDomChanges?: number }).__frotaDomChanges;
            // a new document (navigation) has no count yet: check at once, which counts again
            if (count === undefined || count !== n) return resolve();
            const observer = new MutationObserver(() => done());
            const guard = setTimeout(() => done(), guardMs);
            const done = () => {
              observer.disconnect();
              clearTimeout(guard);
              resolve();
            };
            observer.observe(document, {
              subtree: true,
              childList: true,
              attributes: true,
              characterData: true,
            });
          }),
        [seen, left] as const,
      );
    },
  );
}

/** Runs `check` until it stops throwing, again after every second animation frame (layout, canvas, images). */
export function untilFrames<T>(page: Page, check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  return retry(check, timeoutMs, () =>
    page.evaluate(
      () =>
        new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
    ),
  );
}

/**
 * Clicks `target` and resolves with the answer to the first request after it that writes (any method but
 * GET): what a save button sends is then committed, and the test reads the server once.
 */
export async function clickForWrite(page: Page, target: Locator): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() !== 'GET'),
    target.click(),
  ]);
  return response;
}
