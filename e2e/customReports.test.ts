/**
 * The specific and passenger reports in the browser (issue 22): one test per family on a fleet whose day
 * is known in advance, fed through the real OsmAnd port, and the menus from the permissions.
 *
 * Yesterday (Africa/Luanda), every vehicle but the bus drives dayTrack: 08:00–08:20 at 60 km/h with
 * 120 km/h from 08:05 to 08:08, parked (ignition off) until 09:00, 09:00–09:10 at 60 km/h, parked after.
 *   truck    phone 213…: eco driving and rag are offered for it; its driver's card is read while driving
 *   car      no canbus, no 213 phone: eco driving does not offer it
 *   machine  vehicle_type 3; rpm 1500 on the first run (work), 0 on the second (connected, no work)
 *   bus      has_passengers; the reader reads passenger 1's card at 08:05 and passenger 2's at 08:10
 *            (both passengers of a school group the manager sees)
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { AdminApi, uniqueEmail } from './src/api';
import {
  describeBrowser,
  e2e,
  launchBrowser,
  openPage,
  openSideMenu,
  screenshot,
  type TestPage,
} from './src/browser';
import { dayTrack, luandaYesterday } from './src/reportsFleet';
import {
  chips,
  choosePeriod,
  loginAs,
  loginOnly,
  openReport,
  pick,
  query,
  tableHeader,
  tableRows,
} from './src/reportsPage';

const PASSWORD = 'Senha-Boa-123';
const CHIEF_PERMISSIONS = [
  'custom_reports.detailed_activity',
  'custom_reports.luanda_speeding',
  'custom_reports.eco_driving',
  'custom_reports.machine_hours',
  'passengers.vehicle',
  'passengers.passenger',
];
const KNOTS_PER_KMH = 1 / 1.852;

type Fix = ReturnType<typeof dayTrack>[number];
interface Vehicle {
  id: number;
  name: string;
  uniqueId: string;
}
interface Seeded {
  tag: string;
  /** DD/MM/YYYY of the day */
  date: string;
  truck: Vehicle;
  car: Vehicle;
  machine: Vehicle;
  bus: Vehicle;
  driver: { id: number; name: string };
  passengers: Array<{ id: number; name: string; cardId: string }>;
  chief: string;
  plain: string;
}

/** Sends fixes one by one, in order, to the OsmAnd port, each with its extra readings. */
async function feed(
  uniqueId: string,
  fixes: Fix[],
  extra: (fix: Fix) => Record<string, string> = () => ({}),
) {
  for (const fix of fixes) {
    const params = new URLSearchParams({
      id: uniqueId,
      lat: fix.lat.toFixed(6),
      lon: fix.lon.toFixed(6),
      timestamp: String(fix.time),
      speed: (fix.kmh * KNOTS_PER_KMH).toFixed(2),
      ignition: String(fix.ignition),
      ...extra(fix),
    });
    const response = await fetch(`http://127.0.0.1:${e2e.osmandPort}/?${params.toString()}`);
    if (!response.ok) throw new Error(`osmand ${response.status} ${await response.text()}`);
  }
}

/** Checks that the positions report holds every fed fix of a vehicle: OsmAnd answers after the commit. */
async function checkStored(api: AdminApi, deviceId: number, day: string, count: number): Promise<void> {
  const results = await api.call<Array<{ data: unknown[] }>>('POST', '/report/report_positions.php', {
    devices: [deviceId],
    from: `${day} 00:00:00`,
    to: `${day} 23:59:59`,
  });
  const stored = results.reduce((sum, r) => sum + r.data.length, 0);
  if (stored < count) throw new Error(`positions of ${deviceId}: ${stored} of ${count} stored`);
}

async function seed(api: AdminApi): Promise<Seeded> {
  const tag = `c${Date.now().toString(36)}`;
  const day = luandaYesterday();
  const date = `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
  const post = <T>(path: string, body: unknown) => api.call<T & { id: number }>('POST', path, body);
  const vehicle = async (name: string, suffix: string, extra: Record<string, unknown> = {}) => {
    const uniqueId = `${tag}${suffix}`;
    const created = await post('/api/devices', {
      name: `${name} ${tag}`,
      uniqueId,
      attributes: {},
      ...extra,
    });
    return { id: created.id, name: `${name} ${tag}`, uniqueId };
  };
  const truck = await vehicle('Camião', 't', { phone: '213900000001' });
  const car = await vehicle('Ligeiro', 'c', { phone: '923000000' });
  const machine = await vehicle('Escavadora', 'm', { attributes: { vehicle_type: 3 } });
  const bus = await vehicle('Autocarro', 'b', { attributes: { has_passengers: true } });
  const driverCard = `DRV${tag.toUpperCase()}`;
  const driver = await post<{ name: string }>('/api/drivers', {
    name: `Condutor ${tag}`,
    uniqueId: driverCard,
    attributes: {},
  });
  // passengers are seen through their group (or by whoever created them)
  const school = await post('/api/groups', { name: `Escola ${tag}`, attributes: {} });
  const passengers: Seeded['passengers'] = [];
  for (const n of [1, 2]) {
    const cardId = `P${n}${tag.toUpperCase()}`;
    const created = await post('/api/passengers', {
      name: `Passageiro ${n} ${tag}`,
      cardId,
      groupId: school.id,
      phone: '',
      notes: '',
      attributes: {},
    });
    passengers.push({ id: created.id, name: `Passageiro ${n} ${tag}`, cardId });
  }
  const chief = uniqueEmail('especificos');
  const chiefUser = await api.createUser({
    name: `Chefe ${tag}`,
    email: chief,
    password: PASSWORD,
    attributes: { permissions: CHIEF_PERMISSIONS, timezone: 'Africa/Luanda' },
  });
  const plain = uniqueEmail('normal');
  const plainUser = await api.createUser({
    name: `Normal ${tag}`,
    email: plain,
    password: PASSWORD,
    attributes: { permissions: ['reports.km'] },
  });
  for (const v of [truck, car, machine, bus]) {
    await post('/api/permissions', { userId: chiefUser.id, deviceId: v.id });
    await post('/api/permissions', { userId: plainUser.id, deviceId: v.id });
  }
  await post('/api/permissions', { userId: chiefUser.id, driverId: driver.id });
  await post('/api/permissions', { userId: chiefUser.id, groupId: school.id });

  const track = dayTrack(day);
  const minute = (fix: Fix) => Math.round((fix.time - track[0].time) / 60);
  const card = (id: string | undefined): Record<string, string> => (id ? { driverUniqueId: id } : {});
  await feed(truck.uniqueId, track, (fix) => card(fix.ignition ? driverCard : undefined));
  await feed(car.uniqueId, track);
  // the first run (before 08:30) works, the second only keeps the machine connected
  await feed(machine.uniqueId, track, (fix) => ({ rpm: fix.ignition && minute(fix) < 30 ? '1500' : '0' }));
  const reads = new Map([
    [track[0].time + 300, passengers[0].cardId],
    [track[0].time + 600, passengers[1].cardId],
  ]);
  await feed(bus.uniqueId, track, (fix) => card(reads.get(fix.time)));
  for (const v of [truck, car, machine, bus]) await checkStored(api, v.id, day, track.length);
  return {
    tag,
    date,
    truck,
    car,
    machine,
    bus,
    driver: { id: driver.id, name: driver.name },
    passengers,
    chief,
    plain,
  };
}

/** The cells of the row whose first cells match, by column title. */
async function rowByTitle(page: Page, table: number, match: (row: string[]) => boolean) {
  const header = await tableHeader(page, table);
  const row = (await tableRows(page, table)).find(match);
  expect(row, `row of table ${table}`).toBeDefined();
  return (title: string) => row![header.indexOf(title)];
}

const menuPaths = (page: Page) =>
  page.getByTestId('menu-item').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-path')));

describeBrowser('specific and passenger reports', () => {
  let browser: Browser;
  let s: Seeded;
  let t: TestPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    const api = await AdminApi.login(e2e.baseUrl, e2e.adminEmail, e2e.adminPassword);
    s = await seed(api);
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    t = await openPage(browser);
  });
  afterEach(async () => {
    await t.context.close();
    expect(t.errors).toEqual([]);
  });

  const open = async (name: string, vehicles: Vehicle[]) => {
    await loginOnly(t.page, s.chief, PASSWORD);
    await openReport(t.page, name);
    await choosePeriod(t.page, 'yesterday');
    for (const v of vehicles) await pick(t.page, 'report-devices', v.name, `report-devices-option-${v.id}`);
  };

  it('shows each specific and passenger report in the menu only with its permission', async () => {
    await loginAs(t.page, s.chief, PASSWORD);
    await openSideMenu(t.page);
    const paths = await menuPaths(t.page);
    expect(paths).toEqual([
      '/report/detailed_activity',
      '/report/luanda_speeding',
      '/report/eco_driving',
      '/report/machine_hours',
      '/report/passenger_vehicle',
      '/report/passenger_passenger',
      '/settings/passengers',
    ]);
    await t.context.clearCookies();
    await loginAs(t.page, s.plain, PASSWORD);
    await openSideMenu(t.page);
    expect(await menuPaths(t.page)).toEqual(['/report/km']);
  });

  it('detailed activity: the day of the truck, then each trip and stop, with the custom working week', async () => {
    await open('detailed_activity', [s.truck]);
    await t.page.getByTestId('report-field-select2').waitFor();
    await t.page.getByTestId('report-working-hours').waitFor();
    await query(t.page);
    const titles = await t.page.getByTestId('report-table-title').allTextContents();
    expect(titles).toEqual([
      `Actividade detalhada - ${s.truck.name}`,
      `Viagens e paragens - ${s.truck.name}`,
    ]);
    const day = await rowByTitle(t.page, 0, (row) => row[0] === s.date);
    expect([day('Início'), day('Fim'), day('Viagens'), day('Vel. máxima (km/h)')]).toEqual([
      `${s.date} 08:00:00`,
      `${s.date} 09:11:00`,
      '2',
      '120',
    ]);
    const detail = await tableRows(t.page, 1);
    const header = await tableHeader(t.page, 1);
    const kind = header.indexOf('Tipo');
    const start = header.indexOf('Início');
    expect(detail.map((row) => [row[kind], row[start]])).toEqual([
      ['Viagem', `${s.date} 08:00:00`],
      ['Paragem - Ignição desligada', `${s.date} 08:21:00`],
      ['Viagem', `${s.date} 09:00:00`],
      ['Paragem - Ignição desligada', `${s.date} 09:11:00`],
    ]);
    expect(detail[0][header.indexOf('Condutor')]).toBe(s.driver.name);
  });

  it('luanda speeding: 60 km/h inside zones and 90 outside by default; the 120 km/h stretch is over 90', async () => {
    await open('luanda_speeding', [s.truck]);
    expect(await t.page.getByTestId('report-field-text1').inputValue()).toBe('60');
    expect(await t.page.getByTestId('report-field-text2').inputValue()).toBe('90');
    await query(t.page);
    expect(await t.page.getByTestId('report-table-title').first().textContent()).toBe(
      `Excessos de velocidade Luanda - ${s.truck.name}`,
    );
    const rows = await tableRows(t.page);
    expect(rows).toHaveLength(1);
    const cell = await rowByTitle(t.page, 0, () => true);
    expect([cell('Início'), cell('Vel. máxima (km/h)'), cell('Limite (km/h)')]).toEqual([
      `${s.date} 08:05:00`,
      '120',
      '90',
    ]);
    await screenshot(t.page, 'custom-luanda-speeding');
    // a lower outside limit catches the 60 km/h driving too: the whole of both runs
    await t.page.getByTestId('report-field-text2').fill('50');
    await query(t.page);
    await t.page.waitForFunction(
      () => document.querySelectorAll('[data-testid="report-table"] [data-testid="report-row"]').length === 2,
    );
    const limits = await tableRows(t.page);
    const header = await tableHeader(t.page);
    expect(
      limits.map((row) => [row[header.indexOf('Início')], row[header.indexOf('Limite (km/h)')]]),
    ).toEqual([
      [`${s.date} 08:00:00`, '50'],
      [`${s.date} 09:00:00`, '50'],
    ]);
  });

  it('eco driving: offers only the vehicles that have it, and counts the truck’s speeding', async () => {
    await loginOnly(t.page, s.chief, PASSWORD);
    await openReport(t.page, 'eco_driving');
    await choosePeriod(t.page, 'yesterday');
    await t.page.getByTestId('report-devices').click();
    await t.page.getByTestId('report-devices').fill(s.tag);
    await t.page.getByTestId(`report-devices-option-${s.truck.id}`).waitFor();
    expect(await t.page.getByTestId(`report-devices-option-${s.car.id}`).count()).toBe(0);
    expect(await t.page.getByTestId(`report-devices-option-${s.machine.id}`).count()).toBe(0);
    await t.page.getByTestId(`report-devices-option-${s.truck.id}`).click();
    await t.page.keyboard.press('Escape');
    expect(await t.page.getByTestId('report-field-text1').inputValue()).toBe('3000');
    expect(await t.page.getByTestId('report-field-text2').inputValue()).toBe('5');
    await query(t.page);
    expect(await t.page.getByTestId('report-table-title').first().textContent()).toBe(
      'Condução económica - Veículos',
    );
    const truck = await rowByTitle(t.page, 0, (row) => row[0] === s.truck.name);
    const header = await tableHeader(t.page, 0);
    const speeding = header.find((title) => /velocidade/i.test(title) && !title.includes('/100'));
    expect(speeding).toBeDefined();
    expect(truck(speeding!)).toBe('1');
  });

  it('machine hours: lists machines only; connected, working and connected without work per day', async () => {
    await loginOnly(t.page, s.chief, PASSWORD);
    await openReport(t.page, 'machine_hours');
    await choosePeriod(t.page, 'yesterday');
    await t.page.getByTestId('report-devices').click();
    await t.page.getByTestId('report-devices').fill(s.tag);
    await t.page.getByTestId(`report-devices-option-${s.machine.id}`).click();
    expect(await t.page.getByTestId(`report-devices-option-${s.truck.id}`).count()).toBe(0);
    await t.page.keyboard.press('Escape');
    expect(await chips(t.page, 'report-devices')).toEqual([s.machine.name]);
    await query(t.page);
    expect(await t.page.getByTestId('report-table-title').first().textContent()).toBe(
      `Horas de máquinas - ${s.machine.name}`,
    );
    // each run counts until the ignition-off fix a minute after it: 21 + 11 minutes, 21 of them working
    const day = await rowByTitle(t.page, 0, (row) => row[0] === s.date);
    expect([day('Ligada'), day('Em trabalho'), day('Ligada sem trabalho'), day('Utilização (%)')]).toEqual([
      '00:32:00',
      '00:21:00',
      '00:11:00',
      '65,6',
    ]);
  });

  it('passenger pickups: by vehicle with the passenger picker, and by passenger', async () => {
    await open('passenger_vehicle', [s.bus]);
    await pick(
      t.page,
      'report-passengers',
      s.passengers[0].name,
      `report-passengers-option-${s.passengers[0].id}`,
    );
    expect(await chips(t.page, 'report-passengers')).toEqual([
      `${s.passengers[0].name} (${s.passengers[0].cardId})`,
    ]);
    await query(t.page);
    expect(await t.page.getByTestId('report-table-title').first().textContent()).toBe(
      `Recolhas por veículo - ${s.bus.name}`,
    );
    const header = await tableHeader(t.page);
    const only = await tableRows(t.page);
    expect(only.map((row) => [row[header.indexOf('Data')], row[header.indexOf('Passageiro')]])).toEqual([
      [`${s.date} 08:05:00`, s.passengers[0].name],
    ]);
    // no passenger chosen: every pickup
    await t.page.getByTestId('report-passengers-clear').click();
    await query(t.page);
    await t.page.waitForFunction(
      () => document.querySelectorAll('[data-testid="report-table"] [data-testid="report-row"]').length === 2,
    );
    const all = await tableRows(t.page);
    expect(all.map((row) => [row[header.indexOf('Data')], row[header.indexOf('Passageiro')]])).toEqual([
      [`${s.date} 08:05:00`, s.passengers[0].name],
      [`${s.date} 08:10:00`, s.passengers[1].name],
    ]);
    await screenshot(t.page, 'custom-passenger-vehicle');
    await t.page.setViewportSize({ width: 390, height: 844 });
    await t.page.getByTestId('report-form').scrollIntoViewIfNeeded();
    await screenshot(t.page, 'custom-passenger-vehicle-phone');
    const overflow = await t.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await t.page.setViewportSize({ width: 1280, height: 800 });
    await openReport(t.page, 'passenger_passenger');
    await choosePeriod(t.page, 'yesterday');
    await pick(t.page, 'report-devices', s.bus.name, `report-devices-option-${s.bus.id}`);
    await query(t.page);
    const titles = await t.page.getByTestId('report-table-title').allTextContents();
    expect(titles).toEqual(s.passengers.map((p) => `Recolhas por passageiro - ${p.name}`));
    const second = await rowByTitle(t.page, 1, () => true);
    expect([second('Data'), second('Veículo')]).toEqual([`${s.date} 08:10:00`, s.bus.name]);
  });
});
