import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { uniqueEmail, type AdminApi } from './src/api';
import { describeBrowser, launchBrowser, screenshot, type TestPage } from './src/browser';
import { clickForWrite } from './src/domWaits';
import {
  PASSWORD,
  adminApi,
  columnTexts,
  csvCells,
  exportList,
  headerTitles,
  openList,
  runTag,
  search,
  sendPosition,
  sessionOnly,
  xlsxRows,
} from './src/settingsKit';
import type { Page } from 'playwright-core';

type Item = { id: number };

/** Exports the list as Excel: the file is named as the table says and opens with the CSV's rows. */
async function expectXlsxAsCsv(page: Page, name: string, csv: string[]): Promise<void> {
  const xlsx = await exportList(page, 'excel');
  expect(xlsx.name).toBe(`${name}.xlsx`);
  const width = csvCells(csv[0]).length;
  const rows = xlsxRows(xlsx.bytes).map((row) => [...row, ...Array<string>(width).fill('')].slice(0, width));
  expect(rows).toEqual(csv.map(csvCells));
}

describeBrowser('settings lists', () => {
  const tag = runTag('lst');
  let browser: Browser;
  let api: AdminApi;
  let t: TestPage;
  let ids: Record<string, number>;
  let plainEmail: string;
  let arabicEmail: string;
  let readonlyEmail: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    api = await adminApi();
    const post = (path: string, body: unknown) => api.call<Item>('POST', path, body);
    const obras = await post('/api/groups', { name: `${tag} Obras` });
    const empty = await post('/api/groups', { name: `${tag} Vazio` });
    const truck = await post('/api/devices', {
      name: `${tag} Camião`,
      uniqueId: `${tag}-1`,
      groupId: obras.id,
      model: 'Actros',
      phone: '923111222',
      contact: 'Carga pesada',
      attributes: {
        license_plate: 'LD-12-34-AB',
        chassis: 'WDB123',
        device_type: 12,
        has_canbus: 1,
        speedLimit: 43.196544,
        fuel_type: 'diesel',
        fuel_tank_capacity: 80,
      },
    });
    const jeep = await post('/api/devices', {
      name: `${tag} Jeep`,
      uniqueId: `${tag}-2`,
      disabled: true,
      attributes: {},
    });
    await post('/api/devices', {
      name: `${tag} Carrinha`,
      uniqueId: `${tag}-3`,
      groupId: obras.id,
      attributes: {},
    });
    const zone = await post('/api/geofences', {
      name: `${tag} Porto`,
      description: 'Cais',
      area: 'CIRCLE (-8.80 13.23, 300)',
      attributes: { speedLimit: 32.397408 },
    });
    const ana = await post('/api/drivers', { name: `${tag} Ana`, uniqueId: `RF${tag}` });
    const beto = await post('/api/drivers', { name: `${tag} Beto` });
    await api.call('POST', '/api/permissions/bulk', [
      { groupId: obras.id, driverId: ana.id },
      { groupId: obras.id, driverId: beto.id },
    ]);
    await post('/api/notifications', {
      type: 'geofenceEnter',
      always: true,
      notificators: 'web,mail',
      attributes: { description: `${tag} entrada` },
    });
    await post('/api/notifications', {
      type: 'sos',
      always: false,
      notificators: 'web',
      attributes: { description: `${tag} socorro` },
    });
    await post('/api/settings/temporary_links', {
      name: `${tag} Cliente`,
      deviceIds: [truck.id],
      expirationTime: '2031-05-06T07:08:09Z',
    });
    ids = { obras: obras.id, empty: empty.id, truck: truck.id, zone: zone.id };
    await sendPosition(`${tag}-1`, -8.8383, 13.2344);
    plainEmail = uniqueEmail('semgsm');
    await api.createUser({
      name: 'Sem GSM',
      email: plainEmail,
      password: PASSWORD,
      attributes: { permissions: ['settings.devices'] },
    });
    arabicEmail = uniqueEmail('arabe');
    const arabic = await api.createUser({
      name: 'عربي',
      email: arabicEmail,
      password: PASSWORD,
      attributes: { language: 'ar', permissions: ['settings', 'global.show_gsm'] },
    });
    await api.call('POST', '/api/permissions/bulk', [
      { userId: arabic.id, groupId: obras.id },
      { userId: arabic.id, deviceId: jeep.id },
    ]);
    readonlyEmail = uniqueEmail('leitura');
    const reader = await api.createUser({
      name: 'Só leitura',
      email: readonlyEmail,
      password: PASSWORD,
      readonly: true,
      attributes: { permissions: ['settings'] },
    });
    await api.call('POST', '/api/permissions/bulk', [
      { userId: reader.id, groupId: obras.id },
      { userId: reader.id, geofenceId: zone.id },
    ]);
  });

  it('offers a read-only user no add, edit or remove in any list', async () => {
    t = await sessionOnly(browser, readonlyEmail, PASSWORD);
    for (const path of [
      '/settings/groups',
      '/settings/devices',
      '/settings/drivers',
      '/settings/geofences',
    ]) {
      await openList(t.page, path);
      expect(await t.page.locator('.MuiDataGrid-row').count(), path).toBeGreaterThan(0);
      for (const action of ['list-add', 'list-edit', 'list-remove'])
        expect(await t.page.getByTestId(action).count(), `${path} ${action}`).toBe(0);
    }
    await openList(t.page, '/settings/groups');
    await screenshot(t.page, 'settings-groups-readonly');
  });

  it('gives an inactive vehicle no row menu', async () => {
    t = await sessionOnly(browser);
    await openList(t.page, '/settings/devices');
    await search(t.page, tag);
    const row = (name: string) => t.page.locator('.MuiDataGrid-row').filter({ hasText: name });
    expect(await row(`${tag} Camião`).getByTestId('list-edit').count()).toBe(1);
    expect(await row(`${tag} Jeep`).getByTestId('list-edit').count()).toBe(0);
    await screenshot(t.page, 'settings-vehicles-inactive');
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await t?.context.close();
    expect(t.errors).toEqual([]);
  });

  it('lists vehicles with every column, GSM for global.show_gsm, no add or remove, and exports Vehicles', async () => {
    t = await sessionOnly(browser);
    // Stored with its address before OsmAnd answered (the offline geocoder runs in the pipeline).
    const positions = await api.call<Array<{ deviceId: number; address: string | null }>>(
      'GET',
      '/api/positions',
    );
    // The offline geocoder answers "Place, CC" or "12 km NE de Place, CC".
    expect(positions.find((p) => p.deviceId === ids.truck)?.address).toMatch(/, [A-Z]{2}$/);
    await openList(t.page, '/settings/devices');
    await search(t.page, `${tag} cami`);
    expect((await headerTitles(t.page)).slice(1, 8)).toEqual([
      'Nome',
      'Matrícula',
      'Grupo',
      'Modelo',
      'Combustível',
      'Chassis',
      'GSM',
    ]);
    const one = await exportList(t.page, 'csv');
    expect(one.lines).toHaveLength(2);
    const cells = Object.fromEntries(
      csvCells(one.lines[0]).map((title, i) => [title, csvCells(one.lines[1])[i]]),
    );
    expect(cells).toMatchObject({
      Nome: `${tag} Camião`,
      Matrícula: 'LD-12-34-AB',
      Grupo: `${tag} Obras`,
      Modelo: 'Actros',
      Combustível: 'Gasóleo (80 L)',
      Chassis: 'WDB123',
      GSM: '923111222',
      'Tipo de equipamento': '12 + CAN-Bus',
      Notas: 'Carga pesada',
      'Limite de velocidade (km/h)': '80',
      Estado: 'Activo',
    });
    expect(cells['Última posição']).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
    expect(cells.Morada).not.toBe('');
    expect(await t.page.getByTestId('list-add').count()).toBe(0);
    expect(await t.page.getByTestId('list-remove').count()).toBe(0);

    await search(t.page, tag);
    expect((await columnTexts(t.page, 'name')).sort()).toEqual(
      [`${tag} Camião`, `${tag} Carrinha`, `${tag} Jeep`].sort(),
    );
    await screenshot(t.page, 'settings-vehicles');
    const csv = await exportList(t.page, 'csv');
    expect(csv.name).toBe('Vehicles.csv');
    expect(csv.lines[0]).toBe(
      'Nome,Matrícula,Grupo,Modelo,Combustível,Chassis,GSM,Tipo de equipamento,Notas,Limite de velocidade (km/h),Conta-quilómetros (km),Conta-horas,Estado,Última posição,Morada',
    );
    expect(csv.lines).toHaveLength(4);
    expect(csv.lines.find((l) => l.startsWith(`${tag} Jeep`))).toContain('Inactivo');
    await expectXlsxAsCsv(t.page, 'Vehicles', csv.lines);

    await t.page.getByTestId('devices-group-switch').check();
    await t.page.getByTestId('list-group-heading').first().waitFor();
    const headings = await t.page.getByTestId('list-group-heading').allTextContents();
    expect(headings).toEqual([`${tag} Obras (2)`, 'Sem grupo (1)']);
    expect(await columnTexts(t.page, 'name')).toEqual([
      `${tag} Obras (2)`,
      `${tag} Camião`,
      `${tag} Carrinha`,
      'Sem grupo (1)',
      `${tag} Jeep`,
    ]);
    await screenshot(t.page, 'settings-vehicles-grouped');
    const grouped = await exportList(t.page, 'csv');
    expect(grouped.lines).toHaveLength(4);
  });

  it('hides the GSM column without global.show_gsm', async () => {
    t = await sessionOnly(browser, plainEmail, PASSWORD);
    await openList(t.page, '/settings/devices');
    const headers = await headerTitles(t.page);
    expect(headers).toContain('Matrícula');
    expect(headers).not.toContain('GSM');
  });

  it('lists groups with counts blank when 0, exports Groups and removes with confirmation', async () => {
    t = await sessionOnly(browser);
    await openList(t.page, '/settings/groups');
    await search(t.page, tag);
    expect(await headerTitles(t.page)).toEqual([
      'Nome',
      'Veículos',
      'Utilizadores',
      'Zonas',
      'Condutores',
      '',
    ]);
    const rows = await t.page
      .locator('.MuiDataGrid-row')
      .evaluateAll((els) =>
        els.map((el) =>
          ['name', 'devices', 'users', 'geofences', 'drivers'].map((f) =>
            (el.querySelector(`[data-field="${f}"]`)?.textContent ?? '').trim(),
          ),
        ),
      );
    expect(rows).toEqual([
      [`${tag} Obras`, '2', '2', '', '2'],
      [`${tag} Vazio`, '', '', '', ''],
    ]);
    await screenshot(t.page, 'settings-groups');
    const csv = await exportList(t.page, 'csv');
    expect(csv.name).toBe('Groups.csv');
    expect(csv.lines).toEqual([
      'Nome,Veículos,Utilizadores,Zonas,Condutores',
      `${tag} Obras,2,2,,2`,
      `${tag} Vazio,,,,`,
    ]);
    await expectXlsxAsCsv(t.page, 'Groups', csv.lines);
    await t.page.locator('.MuiDataGrid-row').nth(1).getByTestId('list-remove').click();
    expect(await t.page.getByTestId('confirm-dialog').textContent()).toContain(`${tag} Vazio`);
    expect((await clickForWrite(t.page, t.page.getByTestId('confirm-ok'))).ok()).toBe(true);
    await t.page.waitForFunction(() => document.querySelectorAll('.MuiDataGrid-row').length === 1);
    const groups = await api.call<Item[]>('GET', '/api/groups');
    expect(groups.some((g) => g.id === ids.empty)).toBe(false);
  });

  it('lists zones with the speed limit in km/h, removal but no add, and exports Zones', async () => {
    t = await sessionOnly(browser);
    await openList(t.page, '/settings/geofences');
    await search(t.page, tag);
    expect(await headerTitles(t.page)).toEqual(['Nome', 'Descrição', 'Limite de velocidade (km/h)', '']);
    expect(await columnTexts(t.page, 'speedLimit')).toEqual(['60']);
    expect(await columnTexts(t.page, 'description')).toEqual(['Cais']);
    expect(await t.page.getByTestId('list-add').count()).toBe(0);
    await screenshot(t.page, 'settings-zones');
    const csv = await exportList(t.page, 'csv');
    expect(csv.name).toBe('Zones.csv');
    expect(csv.lines).toEqual(['Nome,Descrição,Limite de velocidade (km/h)', `${tag} Porto,Cais,60`]);
    await expectXlsxAsCsv(t.page, 'Zones', csv.lines);
    await t.page.getByTestId('list-remove').click();
    await t.page.getByTestId('confirm-ok').click();
    await t.page.getByText('Sem dados').waitFor();
  });

  it('marks a blocked user in the users list, and only in the name cell', async () => {
    await api.call('POST', '/api/users', {
      name: `${tag} Bloqueado`,
      email: uniqueEmail('bloqueado'),
      password: 'segredo123',
      disabled: true,
    });
    t = await sessionOnly(browser);
    await openList(t.page, '/settings/users');
    await search(t.page, `${tag} Bloqueado`);
    expect(await t.page.getByTestId('user-disabled').textContent()).toBe('Desactivado');
    // a gap between the name and the mark
    const chip = (await t.page.getByTestId('user-disabled').boundingBox())!;
    const name = (await t.page
      .getByTestId('user-disabled')
      .locator('xpath=preceding-sibling::span')
      .boundingBox())!;
    expect(chip.x - (name.x + name.width)).toBeGreaterThanOrEqual(6);
    const csv = await exportList(t.page, 'csv');
    expect(csv.lines[1]).toMatch(new RegExp(`^${tag} Bloqueado,`));
  });

  it('lists drivers with generated RFIDs empty and group names, exports Drivers', async () => {
    t = await sessionOnly(browser);
    await openList(t.page, '/settings/drivers');
    await search(t.page, tag);
    expect(await headerTitles(t.page)).toEqual(['Nome', 'RFID', 'Grupos', '']);
    expect(await columnTexts(t.page, 'name')).toEqual([`${tag} Ana`, `${tag} Beto`]);
    expect(await columnTexts(t.page, 'uniqueId')).toEqual([`RF${tag}`, '']);
    expect(await columnTexts(t.page, 'groups')).toEqual([`${tag} Obras`, `${tag} Obras`]);
    await screenshot(t.page, 'settings-drivers');
    const csv = await exportList(t.page, 'csv');
    expect(csv.name).toBe('Drivers.csv');
    expect(csv.lines[2]).toBe(`${tag} Beto,,${tag} Obras`);
    await expectXlsxAsCsv(t.page, 'Drivers', csv.lines);
    await t.page.getByTestId('drivers-import').click();
    await t.page.waitForURL((url) => url.pathname === '/settings/driver_import');
  });

  it('lists alert notifications by translated type, Todos or Associados ao alerta, without search', async () => {
    t = await sessionOnly(browser);
    await openList(t.page, '/settings/notifications');
    expect(await t.page.getByTestId('list-search').count()).toBe(0);
    expect(await headerTitles(t.page)).toEqual([
      'Tipo de alerta',
      'Descrição',
      'Veículos',
      'Método de envio',
      '',
    ]);
    const types = await columnTexts(t.page, 'type');
    expect(types).toEqual([...types].sort((a, b) => a.localeCompare(b, 'pt', { sensitivity: 'base' })));
    const rows = await t.page
      .locator('.MuiDataGrid-row')
      .evaluateAll(
        (els, mark) =>
          els
            .map((el) =>
              ['type', 'description', 'vehicles', 'delivery'].map((f) =>
                (el.querySelector(`[data-field="${f}"]`)?.textContent ?? '').trim(),
              ),
            )
            .filter((cells) => cells[1].startsWith(mark)),
        tag,
      );
    expect(rows).toEqual([
      ['Entrada em zona', `${tag} entrada`, 'Todos', 'Web, E-mail'],
      ['SOS', `${tag} socorro`, 'Associados ao alerta', 'Web'],
    ]);
    await screenshot(t.page, 'settings-notifications');
    const csv = await exportList(t.page, 'csv');
    expect(csv.name).toBe('Notifications.csv');
    expect(csv.lines).toContain(`SOS,${tag} socorro,Associados ao alerta,Web`);
    await expectXlsxAsCsv(t.page, 'Notifications', csv.lines);
  });

  it('lists temporary links with the expiry as DD/MM/YYYY HH:mm:ss and exports them', async () => {
    t = await sessionOnly(browser);
    await openList(t.page, '/settings/temporary_links');
    await search(t.page, tag);
    // beside the name, what each link shows and its address with a button copying it (the export keeps
    // the spec's columns)
    expect(await headerTitles(t.page)).toEqual([
      'Nome',
      'Veículos',
      'Endereço do acesso',
      'E-mail',
      'Token',
      'Expira em',
      '',
    ]);
    expect(await columnTexts(t.page, 'expirationTime')).toEqual(['06/05/2031 08:08:09']);
    expect((await columnTexts(t.page, 'email'))[0]).toMatch(/^temp_/);
    expect((await columnTexts(t.page, 'token'))[0]).toMatch(/^[A-Za-z0-9]{40}$/);
    await screenshot(t.page, 'settings-temporary-links');
    const csv = await exportList(t.page, 'csv');
    expect(csv.name).toBe('TemporaryLinks.csv');
    expect(csv.lines[1]).toMatch(new RegExp(`^${tag} Cliente,temp_\\w+,\\w{40},06/05/2031 08:08:09$`));
    await expectXlsxAsCsv(t.page, 'TemporaryLinks', csv.lines);
    await search(t.page, 'nada-com-isto');
    await t.page.getByText('Sem dados').waitFor();
  });

  it('shows the lists in Arabic, right to left', async () => {
    t = await sessionOnly(browser, arabicEmail, PASSWORD);
    await openList(t.page, '/settings/devices');
    await search(t.page, tag);
    expect(await t.page.evaluate(() => document.dir)).toBe('rtl');
    expect(await headerTitles(t.page)).toContain('رقم اللوحة');
    expect((await exportList(t.page, 'csv')).lines.join('\n')).toContain('غير نشط');
    await screenshot(t.page, 'settings-vehicles-ar');
    await t.page.goto(`/settings/device/${ids.truck}`);
    await t.page.getByTestId('device-name').waitFor();
    await screenshot(t.page, 'settings-vehicle-form-ar');
  });
});
