import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { chromiumArgs } from './chromiumArgs';
import { workerContext, type E2eContext } from './context';

/** This file's server and browser: the ones of the Vitest worker it runs in. */
export const e2e: E2eContext = workerContext(inject('e2eRun'));

/** `describe` for browser suites: skipped, with the reason printed, when the setup found no browser. */
export function describeBrowser(name: string, body: () => void): void {
  if (e2e.skipReason) {
    console.warn(`e2e: skipping "${name}": ${e2e.skipReason}`);
    describe.skip(name, body);
  } else {
    describe(name, body);
  }
}

/**
 * The worker's shared Chromium (connected, not launched: closing it only drops this file's pages).
 * `fakeCamera`: a Chromium of its own whose test camera answers getUserMedia, granted without asking.
 */
export function launchBrowser(options: { fakeCamera?: boolean } = {}): Promise<Browser> {
  if (options.fakeCamera || !e2e.browserWs)
    return chromium.launch({ executablePath: e2e.chromium, headless: true, args: chromiumArgs(options) });
  return chromium.connect(e2e.browserWs);
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page; every test asserts there are none. */
  errors: string[];
}

/**
 * The end of a test that opened a page: its context is closed and the page must have raised no error.
 * Returns undefined for the suite's variable: `afterEach(async () => (t = await closePage(t)))`.
 */
export async function closePage(t: TestPage | undefined): Promise<undefined> {
  if (!t) return undefined;
  await t.context.close();
  expect(t.errors).toEqual([]);
  return undefined;
}

export async function openPage(
  browser: Browser,
  options: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<TestPage> {
  const context = await browser.newContext({
    // The service worker is tested on its own; elsewhere it would answer requests the tests route.
    serviceWorkers: options.serviceWorkers ?? 'block',
    baseURL: e2e.baseUrl,
    acceptDownloads: true,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error?.stack ?? error)));
  page.setDefaultTimeout(15_000);
  return { context, page, errors };
}

/**
 * Logs in by the API (the session cookie lands in the page's browser context) and opens `path` (`/`: the
 * landing page the app chooses); `null` opens nothing, for a test whose next step opens its own page. The
 * tests about the login page itself use `loginThroughPage`.
 */
export async function loginByApi(
  page: Page,
  email: string,
  password: string,
  path: string | null = '/',
): Promise<void> {
  const response = await page.request.post('/api/session', { form: { email, password } });
  if (!response.ok()) throw new Error(`login of ${email}: ${response.status()} ${await response.text()}`);
  if (path !== null) await page.goto(path);
}

/** Logs in through the login page. */
export async function loginThroughPage(page: Page, email: string, password: string): Promise<void> {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

const screenshotDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** Waits for transitions (dialogs fading in, drawers sliding) to end; endless animations do not count. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await settle(page);
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

/** Opens the side menu and waits until its slide-in has finished, so screenshots show it whole. */
export async function openSideMenu(page: Page): Promise<void> {
  await page.getByTestId('side-menu-button').click();
  await page.getByTestId('menu-item').first().waitFor();
  await page.waitForFunction(() => {
    const paper = document.querySelector('[data-testid="side-menu"] .MuiDrawer-paper');
    if (!paper) return false;
    const box = paper.getBoundingClientRect();
    return box.left === 0 || Math.abs(box.right - window.innerWidth) < 1;
  });
  await settle(page);
}

/** Waits until the page has drawn two more frames: what a click or a state change renders is on screen. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** A finished download's bytes (the browser is shared and remote, so the file is saved here first). */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'frota-e2e-download-'));
  try {
    const file = join(dir, 'download');
    await download.saveAs(file);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Path part of the page address. */
export const pathOf = (page: Page): string => new URL(page.url()).pathname;
