/**
 * Walks Traccar's own web client (traccar-web, built unmodified and served with its `/api` proxied to a
 * Frota server) through every page, the reports run for two vehicles, and the settings forms of issue 23
 * (computed attribute, maintenance, notification), and prints every failed `/api` call, page error and
 * error message it meets. A manual check (it needs a traccar-web build, which this repository does not
 * hold): see the README's "Traccar's web client".
 *
 *   npm run check:traccarWeb -- --url http://localhost:3000 --email admin@frota.local --password …
 *
 * Map tiles are fetched from the internet by traccar-web's default style: their failures are not counted.
 */
import { chromium, type Page } from 'playwright-core';

const arg = (name: string, fallback?: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  const value = i > 0 ? process.argv[i + 1] : fallback;
  if (value === undefined) throw new Error(`--${name} is required`);
  return value;
};
const base = arg('url', 'http://localhost:3000');
const OFFLINE = /openfreemap|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|Failed to fetch$/;
// traccar-web reopens its socket when the route changes (its connect callback depends on `navigate`) and
// may send on the one it is closing; the same happens against Traccar itself, so it is not counted.
const CLIENT_NOISE = /WebSocket is already in CLOSING or CLOSED state/;

const problems: string[] = [];
let current = '';

function watch(page: Page): void {
  page.on('console', (m) => {
    if (
      m.type() === 'error' &&
      !OFFLINE.test(m.text()) &&
      !CLIENT_NOISE.test(m.text()) &&
      !m.text().startsWith('Failed to load resource')
    )
      problems.push(`${current} console: ${m.text().slice(0, 300)}`);
  });
  page.on('pageerror', (e) => problems.push(`${current} page error: ${e.message.slice(0, 300)}`));
  page.on('response', async (r) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/api') || r.status() < 400) return;
    const body = await r.text().catch(() => '');
    problems.push(
      `${current} ${r.request().method()} ${url.pathname}${url.search} → ${r.status()} ${body.slice(0, 200)}`,
    );
  });
}

/** In-app navigation (the client's store stays loaded, as when a person clicks through). */
async function go(page: Page, path: string): Promise<void> {
  current = path;
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  for (const text of await page.locator('.MuiAlert-message').allTextContents())
    if (text.trim() && !OFFLINE.test(text.trim())) problems.push(`${path} message: ${text.slice(0, 200)}`);
}

async function pick(page: Page, label: string, option: string): Promise<void> {
  const field = `.MuiFormControl-root:has(> label:text-is("${label}"))`;
  await page.locator(`${field} [role=combobox], ${field} input`).first().click();
  await page.getByRole('option', { name: option, exact: true }).first().click();
}

async function form(page: Page, path: string, fill: () => Promise<void>): Promise<void> {
  await go(page, path);
  try {
    await fill();
    await page.getByRole('button', { name: 'Guardar' }).click();
    // a saved form goes back to its list
    await page.waitForURL((url) => url.pathname !== path, { timeout: 10_000 });
    await page.waitForLoadState('networkidle');
  } catch (e) {
    problems.push(`${path} form: ${(e as Error).message.split('\n')[0]}`);
    if (process.env.TRACCAR_WEB_SHOTS)
      await page.screenshot({ path: `${process.env.TRACCAR_WEB_SHOTS}/${path.replace(/\//g, '_')}.png` });
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-PT' });
const page = await context.newPage();
watch(page);
const login = await page.request.post(`${base}/api/session`, {
  form: { email: arg('email', 'admin@frota.local'), password: arg('password') },
});
if (!login.ok()) throw new Error(`login: ${login.status()}`);
const list = async (path: string) =>
  (await (await page.request.get(`${base}${path}`)).json()) as Array<{ id: number }>;
const [devices, groups, users, drivers, geofences, notifications, positions] = await Promise.all(
  ['devices', 'groups', 'users', 'drivers', 'geofences', 'notifications', 'positions'].map((k) =>
    list(`/api/${k}`),
  ),
);
await page.goto(`${base}/`, { waitUntil: 'networkidle' });
await page.waitForTimeout(1500);

const [d, g, u] = [devices[0]?.id, groups[0]?.id, users[0]?.id];
const period = `from=${new Date(Date.now() - 24 * 3600_000).toISOString()}&to=${new Date().toISOString()}`;
const two = `deviceId=${devices[0]?.id}&deviceId=${devices[1]?.id ?? devices[0]?.id}&${period}`;
const pages = [
  '/',
  `/position/${positions[0]?.id}`,
  `/replay?deviceId=${d}&${period}`,
  '/geofences',
  ...['preferences', 'server', 'announcement', 'notifications', 'notification', 'devices', 'device'].map(
    (p) => `/settings/${p}`,
  ),
  `/settings/notification/${notifications[0]?.id}`,
  ...['', '/connections', '/command', '/share'].map((p) => `/settings/device/${d}${p}`),
  `/settings/accumulators/${d}`,
  ...['', '/connections', '/command'].map((p) => `/settings/group/${g}${p}`),
  '/settings/groups',
  '/settings/drivers',
  `/settings/driver/${drivers[0]?.id}`,
  '/settings/driver',
  `/settings/geofence/${geofences[0]?.id}`,
  ...[
    'calendars',
    'calendar',
    'commands',
    'command',
    'attributes',
    'attribute',
    'maintenances',
    'maintenance',
  ].map((p) => `/settings/${p}`),
  '/settings/users',
  `/settings/user/${u}`,
  `/settings/user/${u}/connections`,
  '/settings/user',
  `/reports/route?deviceId=${d}&${period}`,
  `/reports/chart?deviceId=${d}&${period}`,
  ...['combined', 'events', 'geofences', 'trips', 'stops', 'summary'].map((r) => `/reports/${r}?${two}`),
  '/reports/scheduled',
  `/reports/statistics?${period}`,
  `/reports/audit?${period}`,
  '/reports/logs',
];
for (const path of pages) await go(page, path);

await form(page, '/settings/attribute', async () => {
  await page.getByLabel('Descrição', { exact: true }).fill('Motor ligado');
  await page.getByLabel('Atributo', { exact: true }).fill('engineOn');
  await page.keyboard.press('Enter');
  await page.getByLabel('Expressão', { exact: true }).fill('ignition && power > 12');
  await pick(page, 'Tipo', 'Booleano');
});
await form(page, '/settings/maintenance', async () => {
  await page.getByLabel('Nome', { exact: true }).fill('Velocidade de teste');
  await pick(page, 'Tipo', 'Velocidade');
  await page.getByLabel('Iniciar (kn)').fill('10');
  await page.getByLabel('Período (kn)').fill('5');
});
await form(page, '/settings/notification', async () => {
  await pick(page, 'Tipo', 'Ignição Ligada');
  await pick(page, 'Vias', 'Web');
  await page.keyboard.press('Escape');
});
await form(page, '/settings/command', async () => {
  await page.getByLabel('Descrição', { exact: true }).fill('Parar motor');
  await pick(page, 'Tipo', 'Parar Motor');
});

await browser.close();
console.log(
  JSON.stringify({ check: 'traccarWeb', pages: pages.length, forms: 4, problems: problems.length }),
);
for (const p of problems) console.log(p);
process.exitCode = problems.length ? 1 : 0;
