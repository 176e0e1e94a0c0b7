/**
 * The dashboard (document 2 §2.7, issue 16): statistics seeded through the real OsmAnd port (ignition,
 * overspeed over the vehicle's speed limit, alarms), counted by the server's pipeline and drawn as donuts.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { AdminApi, uniqueEmail } from './src/api';
import {
  closePage,
  describeBrowser,
  e2e,
  launchBrowser,
  loginThroughPage,
  openPage,
  openSideMenu,
  pathOf,
  screenshot,
  type TestPage,
} from './src/browser';
import { createLiveFleet, sendOsmand, type LiveFleet } from './src/liveFleet';

const LUANDA = { lat: -8.8383, lon: 13.2344 };
/** knots; the overspeed records go at 80 kn and end their episode at 10 kn */
const SPEED_LIMIT = 50;

interface Seed {
  ignition?: boolean;
  overspeed?: number;
  alarms?: string[];
}

interface StatisticsRow {
  deviceid: number;
  last_reset: string | null;
}

describeBrowser('dashboard', () => {
  const tag = `d${Date.now().toString(36)}`;
  let browser: Browser;
  let fleet: LiveFleet;
  let createdFrom: number;
  let createdTo: number;
  let t: TestPage | undefined;
  /** each vehicle's next fix time (whole seconds, after its creation: the OsmAnd timestamp has no ms) */
  const clock = new Map<string, number>();

  const plate = (n: number) => `LD-${tag.slice(-4)}-0${n}`;

  /** Sends the records that raise what `seed` asks for, one second apart, each answered once stored. */
  async function seed(key: string, wanted: Seed): Promise<void> {
    const { uniqueId } = fleet.devices[key];
    const send = async (speed: number, extra: Record<string, string> = {}) => {
      const time = clock.get(key)!;
      clock.set(key, time + 1000);
      await sendOsmand({
        uniqueId,
        ...LUANDA,
        speed,
        time,
        ...(wanted.ignition ? { ignition: true } : {}),
        extra,
      });
    };
    await send(0);
    for (let i = 0; i < (wanted.overspeed ?? 0); i++) {
      await send(80);
      await send(10);
    }
    for (const alarm of wanted.alarms ?? []) {
      await send(0, { alarm });
      await send(0);
    }
  }

  const open = async (viewport = { width: 1280, height: 800 }): Promise<TestPage> => {
    const opened = await openPage(browser);
    await opened.page.setViewportSize(viewport);
    await opened.page.goto('/login');
    await loginThroughPage(opened.page, fleet.email, fleet.password);
    // map.dashboard is the user's only permission: the dashboard is the landing page
    await opened.page.waitForURL((url) => url.pathname === '/dashboard');
    await ready(opened.page);
    return opened;
  };

  const ready = (page: Page) => page.locator('[data-testid="dashboard-speed-top5"][data-total]').waitFor();

  const legend = (card: Locator) =>
    card
      .getByTestId('dashboard-legend-item')
      .evaluateAll((items) =>
        items.map((item) => [
          item.querySelector('bdi')?.textContent,
          Number(item.getAttribute('data-value')),
        ]),
      );

  beforeAll(async () => {
    browser = await launchBrowser();
    const vehicle = (n: number, name: string, withPlate = true) => ({
      key: `v${n}`,
      name,
      group: n % 2 ? ('a' as const) : ('b' as const),
      attributes: { speedLimit: SPEED_LIMIT, ...(withPlate ? { license_plate: plate(n) } : {}) },
    });
    createdFrom = Date.now();
    fleet = await createLiveFleet(
      tag,
      [
        vehicle(1, `Camião 1 ${tag}`),
        vehicle(2, `Camião 2 ${tag}`),
        vehicle(3, `Carrinha ${tag}`, false),
        vehicle(4, `Camião 4 ${tag}`),
        vehicle(5, `Camião 5 ${tag}`),
        vehicle(6, `Camião 6 ${tag}`),
        vehicle(7, `Camião 7 ${tag}`),
      ],
      { attributes: { permissions: ['map.dashboard'] } },
    );
    createdTo = Date.now();
    const start = Math.ceil((Date.now() + 1000) / 1000) * 1000;
    for (const key of Object.keys(fleet.devices)) clock.set(key, start);
    await seed('v1', { ignition: true, overspeed: 3, alarms: ['sos'] });
    await seed('v2', { ignition: true, overspeed: 2, alarms: ['hardBraking', 'hardBraking'] });
    await seed('v3', { overspeed: 2, alarms: ['lowBattery'] });
    await seed('v4', { overspeed: 1 });
    await seed('v5', { overspeed: 1 });
    await seed('v6', { overspeed: 1 });
    // v7 never reports
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => (t = await closePage(t)));

  it('draws the vehicles, alerts and overspeed TOP 5 donuts from the pipeline statistics', async () => {
    t = await open();
    const { page } = t;
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');

    const vehicles = page.getByTestId('dashboard-vehicles');
    expect(await vehicles.getByRole('heading').textContent()).toBe('Veículos');
    expect(await vehicles.getAttribute('data-total')).toBe('7');
    expect(await legend(vehicles)).toEqual([
      ['Com posição', 2],
      ['Sem posição', 5],
    ]);

    const alerts = page.getByTestId('dashboard-alerts');
    expect(await alerts.getByRole('heading').textContent()).toBe('Alertas');
    expect(await alerts.getAttribute('data-total')).toBe('14');
    expect(await legend(alerts)).toEqual([
      ['Excesso de velocidade', 10],
      ['Aceleração brusca', 0],
      ['Travagem brusca', 2],
      ['Curva brusca', 0],
      ['Bateria fraca', 1],
      ['SOS', 1],
    ]);

    const top = page.getByTestId('dashboard-speed-top5');
    expect(await top.getByRole('heading').textContent()).toBe('Alertas Velocidade TOP 5');
    // most first; ties by label, the plate or (without one) the name; the sixth vehicle is left out
    expect(await legend(top)).toEqual([
      [plate(1), 3],
      [`Carrinha ${tag}`, 2],
      [plate(2), 2],
      [plate(4), 1],
      [plate(5), 1],
    ]);
    expect(await top.getAttribute('data-total')).toBe('9');
    // the rings are drawn (recharts, loaded on first use)
    await top.locator('.recharts-pie-sector').first().waitFor();
    expect(await top.locator('.recharts-pie-sector').count()).toBe(5);

    await screenshot(page, 'dashboard');
  });

  it('shows the oldest reset of the fleet in UTC in the footer', async () => {
    t = await open();
    const own = await AdminApi.login(e2e.baseUrl, fleet.email, fleet.password);
    const rows = await own.call<StatisticsRow[]>('GET', '/report/api.php/device_statistics');
    expect(rows.map((row) => row.deviceid).sort((a, b) => a - b)).toEqual(
      Object.values(fleet.devices)
        .map((device) => device.id)
        .sort((a, b) => a - b),
    );
    const oldest = rows.map((row) => row.last_reset!).sort()[0];
    const [date, time] = oldest.split(' ');
    const [year, month, day] = date.split('-');
    const footer = await t.page.getByTestId('dashboard-since').textContent();
    expect(footer).toBe(`Estatísticas desde ${day}/${month}/${year} ${time} UTC`);
    // counting started when the first vehicle was created
    const since = Date.parse(`${date}T${time}Z`);
    expect(since).toBeGreaterThanOrEqual(Math.floor(createdFrom / 1000) * 1000);
    expect(since).toBeLessThanOrEqual(createdTo);
  });

  it('fetches the statistics again with the refresh button', async () => {
    t = await open();
    const { page } = t;
    const alerts = page.getByTestId('dashboard-alerts');
    expect(await alerts.getAttribute('data-total')).toBe('14');
    let fetched = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/report/api.php/device_statistics')) fetched += 1;
    });
    await seed('v2', { ignition: true, alarms: ['sos'] });
    await seed('v7', { ignition: true, overspeed: 4 });
    // nothing changes until asked
    expect(await alerts.getAttribute('data-total')).toBe('14');
    await page.getByTestId('dashboard-refresh').click();
    await page.locator('[data-testid="dashboard-alerts"][data-total="19"]').waitFor();
    expect(fetched).toBe(1);
    expect(await legend(alerts)).toContainEqual(['SOS', 2]);
    expect(await legend(alerts)).toContainEqual(['Excesso de velocidade', 14]);
    expect(await legend(page.getByTestId('dashboard-vehicles'))).toEqual([
      ['Com posição', 3],
      ['Sem posição', 4],
    ]);
    expect((await legend(page.getByTestId('dashboard-speed-top5')))[0]).toEqual([plate(7), 4]);
  });

  it('stacks the donuts on a phone', async () => {
    t = await open({ width: 390, height: 844 });
    const { page } = t;
    const boxes = await Promise.all(
      ['dashboard-vehicles', 'dashboard-alerts', 'dashboard-speed-top5'].map((id) =>
        page.getByTestId(id).boundingBox(),
      ),
    );
    const [first, second, third] = boxes.map((box) => box!);
    expect(second.y).toBeGreaterThanOrEqual(first.y + first.height);
    expect(third.y).toBeGreaterThanOrEqual(second.y + second.height);
    for (const box of [first, second, third]) expect(box.x + box.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'dashboard-phone');
    await page.getByTestId('dashboard-since').scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-phone-footer');
  });

  it('shows empty donuts to a user without vehicles', async () => {
    const api = await AdminApi.login(e2e.baseUrl, e2e.adminEmail, e2e.adminPassword);
    const email = uniqueEmail('dash-empty');
    await api.createUser({
      name: 'Sem frota',
      email,
      password: fleet.password,
      attributes: { permissions: ['map.dashboard'] },
    });
    t = await openPage(browser);
    await t.page.goto('/login');
    await loginThroughPage(t.page, email, fleet.password);
    await t.page.waitForURL((url) => url.pathname === '/dashboard');
    await ready(t.page);
    for (const [id, text] of [
      ['dashboard-vehicles', 'Sem veículos'],
      ['dashboard-alerts', 'Sem alertas'],
      ['dashboard-speed-top5', 'Sem alertas'],
    ]) {
      expect(await t.page.getByTestId(id).getByTestId('dashboard-empty').textContent()).toBe(text);
    }
    expect(await t.page.getByTestId('dashboard-since').count()).toBe(0);
    await screenshot(t.page, 'dashboard-empty');
  });

  it('offers the dashboard entry only with map.dashboard', async () => {
    const api = await AdminApi.login(e2e.baseUrl, e2e.adminEmail, e2e.adminPassword);
    const email = uniqueEmail('dash-none');
    await api.createUser({
      name: 'Sem dashboard',
      email,
      password: fleet.password,
      attributes: { permissions: ['reports.trips', 'settings.users'] },
    });
    t = await openPage(browser);
    await t.page.goto('/login');
    await loginThroughPage(t.page, email, fleet.password);
    await t.page.waitForURL((url) => url.pathname !== '/login');
    await openSideMenu(t.page);
    const paths = await t.page
      .getByTestId('menu-item')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-path')));
    expect(paths).toEqual(['/report/trips', '/settings/users']);
    await t.page.keyboard.press('Escape');
    await t.page.goto('/dashboard');
    await t.page.waitForURL((url) => url.pathname === '/report/trips');
    expect(pathOf(t.page)).toBe('/report/trips');
    expect(await t.page.getByTestId('dashboard-vehicles').count()).toBe(0);

    // the API refuses too
    const own = await AdminApi.login(e2e.baseUrl, email, fleet.password);
    await expect(own.call('GET', '/report/api.php/device_statistics')).rejects.toThrow(/403/);
  });
});
