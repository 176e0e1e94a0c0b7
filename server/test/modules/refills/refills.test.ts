/**
 * The refill calls (document 3 §2, §3, §5, §6, §7; issue 18): per-vehicle refills with their consumption
 * and its recomputation, the access policy, the refill centre with its 365-day rule, filters and totals,
 * stations, operators, refill devices, the app version and the barcode PDF and PNG.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumptionState } from '@frota/core';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../../harness';
import { binary, decodePng, pdfPages } from './refillCodes';
import { MAIL_NOT_CONFIGURED } from '../../../src/services/mailer';

const API = '/report/api.php';

describe.each(dialects())('refills (%s)', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let gestor: Client;
  let colega: Client;
  let leitor: Client;
  let outro: Client;
  let semPermissao: Client;
  const ids: Record<string, number> = {};

  const add = async (client: Client, vehicle: number, body: Record<string, unknown>) => {
    const r = await client.post(`${API}/refill/${vehicle}`, body);
    expect(r.status, r.text).toBe(200);
    return r.body as Record<string, any>;
  };
  const list = async (client: Client, vehicle: number) => {
    const r = await client.get(`${API}/refill/${vehicle}`);
    expect(r.status, r.text).toBe(200);
    return r.body as Array<Record<string, any>>;
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    ids.group = (await admin.post('/api/groups', { name: 'Luanda' })).body.id;
    const device = async (name: string, uniqueId: string, extra: Record<string, unknown> = {}) =>
      (await admin.post('/api/devices', { name, uniqueId, ...extra })).body.id as number;
    ids.truck = await device('Camião 1', 'rf-truck', {
      groupId: ids.group,
      model: 'Actros',
      attributes: { license_plate: 'LD-11-22-AA' },
    });
    ids.van = await device('Carrinha', 'rf-van', { groupId: ids.group });
    ids.far = await device('Longe', 'rf-far', { attributes: { license_plate: 'HL-99-00-ZZ' } });
    ids.joao = (await admin.post('/api/drivers', { name: 'João Silva', uniqueId: 'RF-JOAO' })).body.id;
    await admin.post('/api/permissions', { groupId: ids.group, driverId: ids.joao });

    const g = await userClient(server, admin, {
      email: 'gestor@rf.ao',
      userLimit: 5,
      attributes: { permissions: ['module.refills'] },
    });
    await admin.post('/api/permissions', { userId: g.id, groupId: ids.group });
    gestor = g.client;
    ids.gestor = g.id;
    const c = await userClient(server, admin, {
      email: 'colega@rf.ao',
      attributes: { permissions: ['module.refills'] },
    });
    await admin.post('/api/permissions', { userId: c.id, deviceId: ids.truck });
    await admin.post('/api/permissions', { userId: g.id, managedUserId: c.id });
    colega = c.client;
    const l = await userClient(server, admin, {
      email: 'leitor@rf.ao',
      readonly: true,
      attributes: { permissions: ['module.refills'] },
    });
    await admin.post('/api/permissions', { userId: l.id, deviceId: ids.truck });
    leitor = l.client;
    const o = await userClient(server, admin, {
      email: 'outro@rf.ao',
      userLimit: 2,
      attributes: { permissions: ['module.refills'] },
    });
    await admin.post('/api/permissions', { userId: o.id, deviceId: ids.far });
    outro = o.client;
    semPermissao = (
      await userClient(server, admin, { email: 'sem@rf.ao', attributes: { permissions: ['map.online'] } })
    ).client;

    const profile = await gestor.put(`${API}/refill_devices/${ids.truck}`, {
      consumption_profile: 'Camião pesado',
      l100km_yellow: 35,
      l100km_red: 45,
      lh_yellow: 10,
      lh_red: 15,
    });
    expect(profile.status, profile.text).toBe(200);
    const station = await gestor.post(`${API}/refill_stations`, {
      name: 'Posto Central',
      code: 'ST-001',
      location: '-8.8383, 13.2344',
      fuel_type: 'diesel',
      total_capacity: 20000,
      mainStationId: 0,
    });
    expect(station.status, station.text).toBe(200);
    ids.station = station.body.id;
  });

  afterAll(async () => {
    await server?.close();
  });

  it('computes consumption and cost per litre, lists newest first', async () => {
    const first = await add(gestor, ids.truck, {
      cost_date: '2024-03-01 08:00:00',
      cost: '16200',
      litres: 60,
      km: 1000,
      hours: 500,
      fuel_type: 'diesel',
      invoice: 'FT 1',
      driverid: ids.joao,
      stationid: ids.station,
    });
    expect(first).toMatchObject({
      type: 'M',
      cost_date: '2024-03-01 08:00:00',
      costDate: '2024-03-01T07:00:00.000Z',
      sequence: 1,
      delta_km: null,
      consumption_l100km: null,
      costPerLitre: 270,
      driverName: 'João Silva',
      siteName: 'Posto Central',
      latitude: -8.8383,
      longitude: 13.2344,
      deviceLicensePlate: 'LD-11-22-AA',
      groupId: ids.group,
      groupName: 'Luanda',
      consumption_l100km_yellow: 35,
      consumption_l100km_red: 45,
      consumption_lkm_red: 0.45,
    });
    const second = await add(gestor, ids.truck, {
      cost_date: '2024-03-10 08:00:00',
      cost: '25920,50',
      litres: 96,
      km: 1200,
      hours: 510,
    });
    expect(second).toMatchObject({
      sequence: 2,
      delta_km: 200,
      delta_hours: 10,
      consumption_l100km: 48,
      consumption_lkm: 0.48,
      consumption_lh: 9.6,
      cost: 25920.5,
      costPerLitre: 270.01,
    });
    const zero = await add(gestor, ids.van, { cost_date: '2024-03-02 10:00', cost: 100, litres: 0 });
    expect(zero.costPerLitre).toBeNull();
    expect((await list(gestor, ids.truck)).map((r) => r.id)).toEqual([second.id, first.id]);
    ids.first = first.id;
    ids.second = second.id;
    ids.vanRefill = zero.id;
  });

  it('refuses a refill without a numeric cost or a date', async () => {
    const noCost = await gestor.post(`${API}/refill/${ids.truck}`, { cost_date: '2024-03-03 10:00:00' });
    expect(noCost.status).toBe(400);
    expect(noCost.text).toBe('O custo deve ser numérico');
    const badCost = await gestor.post(`${API}/refill/${ids.truck}`, { cost: 'abc', cost_date: '2024-03-03' });
    expect(badCost.text).toBe('O custo deve ser numérico');
    const noDate = await gestor.post(`${API}/refill/${ids.truck}`, { cost: 10 });
    expect(noDate.status).toBe(400);
    expect(noDate.text).toBe('Data inválida');
  });

  it('recomputes the next refill after a middle insert, an edit and a delete', async () => {
    const middle = await add(colega, ids.truck, {
      cost_date: '2024-03-05 08:00:00',
      cost: 10000,
      litres: 40,
      km: 1100,
      hours: 505,
    });
    expect(middle).toMatchObject({ sequence: 2, delta_km: 100, consumption_l100km: 40 });
    let rows = await list(gestor, ids.truck);
    expect(rows[0]).toMatchObject({ id: ids.second, sequence: 3, delta_km: 100, consumption_l100km: 96 });

    const edited = await gestor.put(`${API}/refill/${middle.id}`, {
      cost_date: '2024-03-05 08:00:00',
      cost: 10000,
      litres: 40,
      km: 1150,
      hours: 505,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ delta_km: 150, consumption_l100km: 26.67 });
    rows = await list(gestor, ids.truck);
    expect(rows[0]).toMatchObject({ delta_km: 50, consumption_l100km: 192 });

    // only managers fix km and hours
    const fix = await colega.put(`${API}/refill/${middle.id}`, {
      cost_date: '2024-03-05 08:00:00',
      cost: 10000,
      litres: 40,
      km: 1111,
      hours: 505,
    });
    expect(fix.status).toBe(403);
    expect(fix.text).toBe('Apenas gestores podem corrigir km e horas');
    const details = await colega.post(`${API}/refill/${ids.truck}`, {
      id: middle.id,
      cost_date: '2024-03-05 09:00:00',
      cost: 11000,
      litres: 40,
      km: 1150,
      hours: 505,
      details: 'Corrigido',
    });
    expect(details.status, details.text).toBe(200);
    expect(details.body).toMatchObject({ id: middle.id, cost: 11000, cost_date: '2024-03-05 09:00:00' });

    const refused = await colega.del(`${API}/refill/${ids.truck}/${middle.id}`);
    expect(refused.status).toBe(403);
    const removed = await gestor.del(`${API}/refill/${ids.truck}/${middle.id}`);
    expect(removed.status, removed.text).toBe(200);
    rows = await list(gestor, ids.truck);
    expect(rows.map((r) => r.id)).toEqual([ids.second, ids.first]);
    expect(rows[0]).toMatchObject({ sequence: 2, delta_km: 200, consumption_l100km: 48 });
  });

  it("hides another user's refills and refuses read-only writes", async () => {
    expect((await outro.get(`${API}/refill/${ids.truck}`)).status).toBe(404);
    expect((await outro.get(`${API}/refill/${ids.truck}/${ids.second}`)).status).toBe(404);
    expect(
      (await outro.put(`${API}/refill/${ids.second}`, { cost: 1, cost_date: '2024-03-10' })).status,
    ).toBe(404);
    expect((await outro.del(`${API}/refill/${ids.truck}/${ids.second}`)).status).toBe(404);
    expect((await outro.post(`${API}/share_refill/${ids.second}`, { emailTo: 'a@b.ao' })).status).toBe(404);
    // this server has no mail server: the owner's share is refused, not reported as sent
    const unsent = await admin.post(`${API}/share_refill/${ids.second}`, { emailTo: 'a@b.ao' });
    expect([unsent.status, unsent.text]).toEqual([503, MAIL_NOT_CONFIGURED]);
    expect(
      (await outro.post(`${API}/refill/${ids.truck}`, { cost: 1, cost_date: '2024-03-11' })).status,
    ).toBe(404);
    const ro = await leitor.post(`${API}/refill/${ids.truck}`, { cost: 1, cost_date: '2024-03-11' });
    expect(ro.status).toBe(403);
    expect((await leitor.get(`${API}/refill/${ids.truck}`)).status).toBe(200);
    expect((await semPermissao.get(`${API}/refill/${ids.truck}`)).status).toBe(403);
    expect((await server.client().get(`${API}/refill/${ids.truck}`)).status).toBe(401);
  });

  it('lets a user edit a refill whose station and driver it does not see, when it keeps them', async () => {
    const mine = await gestor.get(`${API}/refill/${ids.truck}/${ids.first}`);
    expect(mine.status, mine.text).toBe(200);
    const { body } = mine;
    const keep = {
      cost_date: body.cost_date,
      cost: body.cost,
      litres: body.litres,
      km: body.km,
      hours: body.hours,
      fuel_type: body.fuel_type,
      driverid: body.driverId,
      stationid: body.stationId,
    };
    // the colleague sees the truck only: not the manager's driver
    expect((await colega.get('/api/drivers')).body.map((d: any) => d.id)).not.toContain(ids.joao);
    const kept = await colega.put(`${API}/refill/${ids.first}`, { ...keep, invoice: 'FT 1-A' });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body).toMatchObject({ invoice: 'FT 1-A', driverId: ids.joao, stationId: ids.station });
    const other = await admin.post('/api/drivers', { name: 'Outro Condutor', uniqueId: 'RF-OUTRO' });
    const changed = await colega.put(`${API}/refill/${ids.first}`, { ...keep, driverid: other.body.id });
    expect(changed.status).toBe(404);
    await gestor.put(`${API}/refill/${ids.first}`, { ...keep, invoice: body.invoice });
  });

  it('serves the refill centre with the 365-day rule, filters, paging and totals', async () => {
    const long = await gestor.get(`${API}/refills/2024-01-01/2025-01-01`);
    expect(long.status).toBe(400);
    expect(long.text).toBe('Por favor seleccione um período máximo de 365 dias');
    // both days count, as the web's pickers count them: a leap year's 1 January to 31 December is 366 days
    const leapYear = await gestor.get(`${API}/refills/2024-01-01/2024-12-31`);
    expect([leapYear.status, leapYear.text]).toEqual([
      400,
      'Por favor seleccione um período máximo de 365 dias',
    ]);
    expect((await gestor.get(`${API}/refills/2025-01-01/2025-12-31`)).status).toBe(200);
    expect((await gestor.get(`${API}/refills/2023-03-01/2024-02-28`)).status).toBe(200);
    expect((await gestor.get(`${API}/refills/2023-03-01/2024-02-29`)).status).toBe(400);
    const year = await gestor.get(`${API}/refills/2024-01-02/2024-12-31?limit=100`);
    expect(year.status, year.text).toBe(200);
    expect(year.body.total).toBe(3);
    expect(year.body.data.map((r: any) => r.id)).toEqual([ids.second, ids.vanRefill, ids.first]);
    expect(year.body.totals).toEqual({
      filledLitres: 156,
      consumedLitres: 96,
      consumedKm: 200,
      consumedL100km: 48,
    });

    const page = await gestor.get(`${API}/refills/2024-03-01/2024-03-31?limit=1&offset=1`);
    expect(page.body.total).toBe(3);
    expect(page.body.data.map((r: any) => r.id)).toEqual([ids.vanRefill]);
    const byDevice = await gestor.get(`${API}/refills/2024-03-01/2024-03-31?device=${ids.van}`);
    expect(byDevice.body.map((r: any) => r.id)).toEqual([ids.vanRefill]);
    const byPlate = await gestor.get(`${API}/refills/2024-03-01/2024-03-31?search=ld-11`);
    expect(byPlate.body.map((r: any) => r.id)).toEqual([ids.second, ids.first]);
    const bySite = await gestor.get(`${API}/refills/2024-03-01/2024-03-31?search=posto central`);
    expect(bySite.body.map((r: any) => r.id)).toEqual([ids.first]);
    // without accents or case, on both databases: "joao" finds João, "lubango se" finds Lubango Sé
    const found = async (text: string) =>
      (await gestor.get(`${API}/refills/2024-03-01/2024-03-31?search=${encodeURIComponent(text)}`)).body.map(
        (r: any) => r.id,
      );
    expect(await found('joao silva')).toEqual([ids.first]);
    expect(await found('JOÃO')).toEqual([ids.first]);
    expect(await found('pósto CÊNTRAL')).toEqual([ids.first]);
    const k = server.services.db.kysely;
    await k.updateTable('refills').set({ siteName: 'Lubango Sé' }).where('id', '=', ids.first).execute();
    expect(await found('lubango se')).toEqual([ids.first]);
    expect(await found('LUBANGO SÉ')).toEqual([ids.first]);
    await k.updateTable('refills').set({ siteName: 'Posto Central' }).where('id', '=', ids.first).execute();
    const byDriver = await gestor.get(`${API}/refills/2024-03-01/2024-03-31?driver=${ids.joao}`);
    expect(byDriver.body.map((r: any) => r.id)).toEqual([ids.first]);
    const byType = await gestor.get(`${API}/refills/2024-03-01/2024-03-31?type=A`);
    expect(byType.body).toEqual([]);
    const byFuel = await gestor.get(`${API}/refills/2024-03-01/2024-03-31?fuel=gasoline`);
    expect(byFuel.body).toEqual([]);
    const byGroup = await gestor.get(`${API}/refills/2024-03-01/2024-03-31?group=0`);
    expect(byGroup.body).toEqual([]);
    const asc = await gestor.get(`${API}/refills/2024-03-01/2024-03-31?sort=litres&order=asc`);
    expect(asc.body.map((r: any) => r.litres)).toEqual([0, 60, 96]);
    const consumption = await gestor.get(`${API}/refills/2024-03-01/2024-03-31?sort=consumption_l100km`);
    expect(consumption.body.map((r: any) => r.consumption_l100km)).toEqual([48, null, null]);
    // the first day of the period is cut in the user's timezone (Luanda, UTC+1)
    const day = await gestor.get(`${API}/refills/2024-03-10/2024-03-10`);
    expect(day.body.map((r: any) => r.id)).toEqual([ids.second]);

    expect((await outro.get(`${API}/refills/2024-01-02/2024-12-31`)).body).toEqual([]);
    expect((await outro.get(`${API}/refills/2024-01-02/2024-12-31?device=${ids.truck}`)).status).toBe(404);
    expect((await semPermissao.get(`${API}/refills/2024-01-01/2024-01-31`)).status).toBe(403);
  });

  it('keeps stations per client, hierarchical, editable by managers only', async () => {
    const aux = await gestor.post(`${API}/refill_stations`, {
      name: 'Auxiliar Norte',
      code: 'ST-002',
      location: 'Cacuaco',
      fuel_type: 'gasoline',
      total_capacity: '5000',
      mainStationId: ids.station,
    });
    expect(aux.status, aux.text).toBe(200);
    const other = await gestor.post(`${API}/refill_stations`, { name: 'Aeroporto', code: 'ST-003' });
    expect(other.status).toBe(200);
    const dup = await gestor.post(`${API}/refill_stations`, { name: 'X', code: 'ST-001' });
    expect(dup.text).toBe('Código já existe');
    expect((await gestor.post(`${API}/refill_stations`, { code: 'ST-9' })).text).toBe('Nome obrigatório');
    const auxOfAux = await gestor.post(`${API}/refill_stations`, {
      name: 'Y',
      code: 'ST-010',
      mainStationId: aux.body.id,
    });
    expect(auxOfAux.text).toBe('Estação principal inválida');
    expect((await colega.post(`${API}/refill_stations`, { name: 'C', code: 'ST-C' })).status).toBe(403);

    const stations = await colega.get(`${API}/refill_stations`);
    expect(stations.status).toBe(200);
    expect(stations.body.map((s: any) => [s.name, s.mainStationId, s.capacity])).toEqual([
      ['Aeroporto', 0, 0],
      ['Posto Central', 0, 25000],
      ['Auxiliar Norte', ids.station, 5000],
    ]);
    const one = await colega.get(`${API}/refill_stations/${aux.body.id}`);
    expect(one.body).toMatchObject({ code: 'ST-002', fuel_type: 'gasoline', total_capacity: 5000 });
    expect((await outro.get(`${API}/refill_stations`)).body).toEqual([]);
    expect((await outro.get(`${API}/refill_stations/${aux.body.id}`)).status).toBe(404);

    const edit = await gestor.put(`${API}/refill_stations/${other.body.id}`, {
      name: 'Aeroporto 4 de Fevereiro',
      code: 'ST-003',
      mainStationId: 0,
      total_capacity: 1000,
    });
    expect(edit.body).toMatchObject({ name: 'Aeroporto 4 de Fevereiro', total_capacity: 1000 });
    expect((await gestor.del(`${API}/refill_stations/${other.body.id}`)).status).toBe(200);
    expect((await gestor.get(`${API}/refill_stations/${other.body.id}`)).status).toBe(404);
    ids.aux = aux.body.id;
  });

  it('keeps operators with hashed passwords', async () => {
    const created = await colega.post(`${API}/refill_operators`, {
      username: 'Pedro',
      password: 'bomba-123',
      name: 'Pedro Bomba',
      code: 'OP-7',
      phone: '+244 900 000 000',
      alert_emails: 'frota@rf.ao; chefe@rf.ao',
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toEqual({
      id: created.body.id,
      username: 'pedro',
      name: 'Pedro Bomba',
      code: 'OP-7',
      phone: '+244 900 000 000',
      alert_emails: 'frota@rf.ao,chefe@rf.ao',
      userId: expect.any(Number),
    });
    const stored = await server.services.db.kysely
      .selectFrom('refillOperators')
      .select(['hashedPassword', 'salt'])
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.hashedPassword).not.toContain('bomba-123');
    expect(stored.hashedPassword).toMatch(/^[0-9a-f]{128}$/);
    expect(
      (await gestor.post(`${API}/refill_operators`, { username: 'pedro', password: 'x123456', name: 'P' }))
        .text,
    ).toBe('Nome de utilizador já existe');
    expect(
      (await gestor.post(`${API}/refill_operators`, { username: 'ana', password: '123', name: 'Ana' })).text,
    ).toBe('Password inválida');
    expect(
      (
        await gestor.post(`${API}/refill_operators`, {
          username: 'ana',
          password: '123456',
          name: 'Ana',
          alert_emails: 'x@',
        })
      ).text,
    ).toBe('Email inválido');
    const listed = await gestor.get(`${API}/refill_operators`);
    expect(listed.body.map((o: any) => o.username)).toEqual(['pedro']);
    expect(JSON.stringify(listed.body)).not.toContain('hashed');
    const edit = await gestor.put(`${API}/refill_operators/${created.body.id}`, {
      username: 'pedro',
      password: '',
      name: 'Pedro B.',
    });
    expect(edit.status, edit.text).toBe(200);
    const after = await server.services.db.kysely
      .selectFrom('refillOperators')
      .select('hashedPassword')
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(after.hashedPassword).toBe(stored.hashedPassword);
    expect((await outro.get(`${API}/refill_operators/${created.body.id}`)).status).toBe(404);
    expect(
      (await leitor.post(`${API}/refill_operators`, { username: 'z', password: '1234567', name: 'Z' }))
        .status,
    ).toBe(403);
    expect((await gestor.del(`${API}/refill_operators/${created.body.id}`)).status).toBe(200);
    expect((await gestor.get(`${API}/refill_operators`)).body).toEqual([]);
  });

  it('lists refill devices and serves the app version', async () => {
    const devices = await colega.get(`${API}/refill_devices`);
    expect(devices.status).toBe(200);
    expect(devices.body).toEqual([
      {
        id: ids.truck,
        deviceId: ids.truck,
        name: 'Camião 1',
        license_plate: 'LD-11-22-AA',
        groupId: ids.group,
        group: 'Luanda',
        model: 'Actros',
        code: 'LD-11-22-AA',
        consumption_profile: 'Camião pesado',
        l100km_yellow: 35,
        l100km_red: 45,
        lh_yellow: 10,
        lh_red: 15,
      },
    ]);
    expect((await outro.get(`${API}/refill_devices`)).body).toEqual([]);
    expect((await colega.put(`${API}/refill_devices/${ids.van}`, { consumption_profile: 'x' })).status).toBe(
      403,
    );
    expect((await outro.put(`${API}/refill_devices/${ids.van}`, { consumption_profile: 'x' })).status).toBe(
      404,
    );

    expect((await colega.get(`${API}/refill_app_version`)).body).toEqual({ apk_version: '', apk_url: '' });
    expect((await gestor.put(`${API}/refill_app_version`, { apk_version: '2.1.0' })).status).toBe(403);
    const set = await admin.put(`${API}/refill_app_version`, {
      apk_version: '2.1.0',
      apk_url: 'https://frota.ao/app.apk',
    });
    expect(set.status, set.text).toBe(200);
    expect((await colega.get(`${API}/refill_app_version`)).body).toEqual({
      apk_version: '2.1.0',
      apk_url: 'https://frota.ao/app.apk',
    });
    // the administrator's form: a version and an http(s) link, both required; a refusal writes nothing
    const refused = async (body: Record<string, unknown>) => {
      const r = await admin.put(`${API}/refill_app_version`, body);
      return [r.status, r.text];
    };
    expect(await refused({ apk_version: ' ', apk_url: 'https://frota.ao/b.apk' })).toEqual([
      400,
      'Deve indicar a versão da aplicação',
    ]);
    expect(await refused({ apk_version: '9'.repeat(65), apk_url: 'https://frota.ao/b.apk' })).toEqual([
      400,
      'A versão da aplicação deve ter no máximo 64 caracteres',
    ]);
    for (const apk_url of [
      undefined,
      '',
      'frota.ao/app.apk',
      'ftp://frota.ao/app.apk',
      'javascript:alert(1)',
    ])
      expect(await refused({ apk_version: '3.0.0', apk_url })).toEqual([
        400,
        'O endereço da aplicação deve começar por http:// ou https://',
      ]);
    const denied = await gestor.put(`${API}/refill_app_version`, {
      apk_version: '3.0.0',
      apk_url: 'https://outro.ao/app.apk',
    });
    expect([denied.status, denied.text]).toEqual([403, 'Apenas administradores podem alterar a aplicação']);
    expect((await outro.get(`${API}/refill_app_version`)).body).toEqual({
      apk_version: '2.1.0',
      apk_url: 'https://frota.ao/app.apk',
    });
    expect((await semPermissao.get(`${API}/refill_app_version`)).status).toBe(403);
  });

  it('prints one label page per item and a PNG code that reads back', async () => {
    const vehicles = await binary(server.base, gestor.cookie, 'POST', '/report/barcode_pdf.php', {
      devices: [ids.truck, ids.van],
      itemsType: 'V',
    });
    expect(vehicles.status).toBe(200);
    expect(vehicles.type).toContain('application/pdf');
    expect(await pdfPages(vehicles.data)).toBe(2);
    const stations = await binary(server.base, gestor.cookie, 'POST', '/report/barcode_pdf.php', {
      devices: [ids.station, ids.aux, ids.station],
      itemsType: 'S',
    });
    expect(stations.status).toBe(200);
    expect(await pdfPages(stations.data)).toBe(2);
    const form = await gestor.form('/report/barcode_pdf.php', { devices: `${ids.truck}`, itemsType: 'V' });
    expect(form.status).toBe(200);
    const hidden = await binary(server.base, outro.cookie, 'POST', '/report/barcode_pdf.php', {
      devices: [ids.truck],
      itemsType: 'V',
    });
    expect(hidden.status).toBe(404);

    const png = await binary(
      server.base,
      gestor.cookie,
      'GET',
      '/report/barcode.php?text=LD-11-22-AA&type=device',
    );
    expect(png.status).toBe(200);
    expect(png.type).toBe('image/png');
    const read = decodePng(png.data);
    expect(read).toMatchObject({ text: 'LD-11-22-AA', format: 'QR_CODE' });
    expect(read.width).toBeLessThanOrEqual(500);
    expect(read.width).toBeGreaterThan(400);
    const bar = await binary(
      server.base,
      gestor.cookie,
      'GET',
      '/report/barcode.php?text=ST-001&type=barcode&size=600',
    );
    expect(decodePng(bar.data)).toMatchObject({ text: 'ST-001', format: 'CODE_128' });
    expect((await server.client().get('/report/barcode.php?text=x')).status).toBe(401);
  });

  it('documents the calls in OpenAPI', async () => {
    const doc = await admin.get('/api/openapi.json');
    expect(doc.status, doc.text.slice(0, 500)).toBe(200);
    const paths = Object.keys(doc.body.paths);
    for (const p of [
      '/report/api.php/refill/{vehicleId}',
      '/report/api.php/refill/{deviceId}/{id}',
      '/report/api.php/refills/{from}/{to}',
      '/report/api.php/share_refill/{id}',
      '/report/api.php/refill_stations',
      '/report/api.php/refill_stations/{id}',
      '/report/api.php/refill_operators',
      '/report/api.php/refill_devices',
      '/report/api.php/refill_app_version',
      '/report/barcode_pdf.php',
      '/report/barcode.php',
      '/report/api.php/refill_app/login',
      '/report/api.php/refill_app/refill',
    ])
      expect(paths, p).toContain(p);
  });

  it('keeps the chain right when refills of one vehicle arrive at once', async () => {
    const posts = Array.from({ length: 8 }, (_, i) =>
      gestor.post(`${API}/refill/${ids.van}`, {
        cost_date: `2024-04-${String(10 + i).padStart(2, '0')} 10:00:00`,
        cost: 100,
        litres: 10 + i,
        km: 5000 + i * 100 + i * i,
      }),
    );
    for (const r of await Promise.all(posts)) expect(r.status, r.text).toBe(200);
    const chain = (await list(gestor, ids.van)).reverse().filter((r) => r.km !== null);
    expect(chain).toHaveLength(8);
    chain.forEach((r, i) => {
      expect(r.sequence).toBe(i + 2);
      expect(r.delta_km).toBe(i === 0 ? null : r.km - chain[i - 1].km);
    });
  });

  it('sets a consumption profile from the screens: checked, partial, copied onto the refills saved after', async () => {
    // a vehicle of the manager's group, not yet among the refill vehicles, with a refill before any profile
    const bus = (
      await admin.post('/api/devices', {
        name: 'Autocarro',
        uniqueId: 'rf-bus',
        groupId: ids.group,
        attributes: { license_plate: 'LD-33-44-BB' },
      })
    ).body.id as number;
    const before = await add(gestor, bus, {
      cost_date: '2024-05-01 08:00:00',
      cost: 100,
      litres: 50,
      km: 10000,
    });
    expect(before).toMatchObject({ groupName: 'Luanda', consumption_l100km_yellow: null });
    // a colleague of the client sees the group's name with the vehicle, though it sees no group itself
    expect((await colega.get(`${API}/refill/${ids.truck}`)).body[0].groupName).toBe('Luanda');

    const put = (client: Client, body: Record<string, unknown>, vehicle = bus) =>
      client.put(`${API}/refill_devices/${vehicle}`, body);
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ l100km_yellow: 0 }, 'Os limites de consumo devem ser números positivos'],
      [{ l100km_red: -5 }, 'Os limites de consumo devem ser números positivos'],
      [{ lh_yellow: 'muito' }, 'Os limites de consumo devem ser números positivos'],
      [{ l100km_yellow: 30, l100km_red: 30 }, 'O limite amarelo de L/100km deve ser inferior ao vermelho'],
      [{ lh_yellow: '12,5', lh_red: 10 }, 'O limite amarelo de L/h deve ser inferior ao vermelho'],
      [{ consumption_profile: 'x'.repeat(129) }, 'O perfil de consumo deve ter no máximo 128 caracteres'],
    ];
    for (const [body, message] of refusals) {
      const r = await put(gestor, body);
      expect([r.status, r.text], JSON.stringify(body)).toEqual([400, message]);
    }
    // nothing was written: the bus is still not a refill vehicle
    expect((await gestor.get(`${API}/refill_devices`)).body.map((d: any) => d.deviceId)).toEqual([ids.truck]);

    const saved = await put(gestor, {
      consumption_profile: ' Autocarro urbano ',
      l100km_yellow: '30,5',
      l100km_red: 40,
      lh_yellow: null,
      lh_red: 9,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({
      deviceId: bus,
      group: 'Luanda',
      code: 'LD-33-44-BB',
      consumption_profile: 'Autocarro urbano',
      l100km_yellow: 30.5,
      l100km_red: 40,
      lh_yellow: null,
      lh_red: 9,
    });
    // a save names only what it changes: the code and the other thresholds stay
    expect((await put(gestor, { code: 'BUS-1' })).status).toBe(200);
    const partial = await put(gestor, { l100km_red: 45 });
    expect(partial.body).toMatchObject({
      code: 'BUS-1',
      consumption_profile: 'Autocarro urbano',
      l100km_yellow: 30.5,
      l100km_red: 45,
      lh_red: 9,
    });
    // the order is checked against what is kept
    expect((await put(gestor, { l100km_yellow: 50 })).text).toBe(
      'O limite amarelo de L/100km deve ser inferior ao vermelho',
    );

    // who may: a manager of the client who writes; never another client, a plain user or a reader
    expect((await put(colega, { consumption_profile: 'x' })).status).toBe(403);
    expect((await put(leitor, { consumption_profile: 'x' }, ids.truck)).status).toBe(403);
    expect((await put(outro, { consumption_profile: 'x' })).status).toBe(404);
    expect((await outro.get(`${API}/refill_devices`)).body).toEqual([]);
    expect(
      (await gestor.get(`${API}/refill_devices`)).body.find((d: any) => d.deviceId === bus),
    ).toMatchObject({
      consumption_profile: 'Autocarro urbano',
    });

    // the refills saved afterwards hold the thresholds, and the centre colours them
    const after = await add(gestor, bus, {
      cost_date: '2024-05-03 08:00:00',
      cost: 100,
      litres: 42,
      km: 10100,
    });
    expect(after).toMatchObject({
      consumption_l100km: 42,
      consumption_l100km_yellow: 30.5,
      consumption_l100km_red: 45,
      consumption_lkm_yellow: 0.305,
      consumption_lkm_red: 0.45,
      consumption_lh_yellow: null,
      consumption_lh_red: 9,
    });
    const centre = await gestor.get(`${API}/refills/2024-05-01/2024-05-31?device=${bus}`);
    expect(
      centre.body.map((r: any) =>
        consumptionState(r.consumption_l100km, r.consumption_l100km_yellow, r.consumption_l100km_red),
      ),
    ).toEqual(['yellow', null]);
    expect(centre.body.map((r: any) => r.groupName)).toEqual(['Luanda', 'Luanda']);
    // a refill saved before the profile keeps what it held
    expect((await list(gestor, bus)).find((r) => r.id === before.id)).toMatchObject({
      consumption_l100km_yellow: null,
    });
    expect((await admin.del(`/api/devices/${bus}`)).status).toBe(204);
  });

  it('removes the refills and the profile of a removed vehicle, and a removed client’s stations', async () => {
    const k = server.services.db.kysely;
    expect(
      await k.selectFrom('refills').select('id').where('deviceId', '=', ids.truck).execute(),
    ).not.toHaveLength(0);
    expect((await admin.del(`/api/devices/${ids.truck}`)).status).toBe(204);
    expect(await k.selectFrom('refills').select('id').where('deviceId', '=', ids.truck).execute()).toEqual(
      [],
    );
    expect(await k.selectFrom('refillDevices').select('deviceId').execute()).toEqual([]);
    expect((await admin.del(`/api/users/${ids.gestor}`)).status).toBe(204);
    expect((await admin.get(`${API}/refill_stations`)).body).toEqual([]);
  });
});

describe.each(dialects())('the operator app of a fresh install (%s)', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      FROTA_REFILLS_APP_URL: 'https://apps.frota.ao/abastecimentos.apk',
      FROTA_REFILLS_APP_VERSION: '1.8.0',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("shows the server's link and version until an administrator sets others, field by field", async () => {
    const admin = await server.admin();
    const reader = await userClient(server, admin, {
      email: 'app@rf.ao',
      attributes: { permissions: ['module.refills'] },
    });
    expect((await reader.client.get(`${API}/refill_app_version`)).body).toEqual({
      apk_version: '1.8.0',
      apk_url: 'https://apps.frota.ao/abastecimentos.apk',
    });
    const set = await admin.put(`${API}/refill_app_version`, {
      apk_version: ' 1.9.0 ',
      apk_url: 'https://frota.ao/app-1.9.apk',
    });
    expect(set.body).toEqual({ apk_version: '1.9.0', apk_url: 'https://frota.ao/app-1.9.apk' });
    expect((await reader.client.get(`${API}/refill_app_version`)).body).toEqual(set.body);
  });
});
