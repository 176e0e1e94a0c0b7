/**
 * The passenger reports (issue 22 item 2): passenger_vehicle (ReportVersion 1) and passenger_passenger
 * (ReportVersion 3) on a seeded set of pickups whose rows are known in advance, the passengers filter,
 * exports, the single endpoint report_passenger_pickup.php, and the permissions of each.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../../harness';

const DAY = { from: '2025-03-10 00:00:00', to: '2025-03-10 23:59:59' };
/** a local time on 10/03/2025 in Luanda (UTC+1) as epoch ms */
const at = (hh: number, mm: number, day = 10) => Date.UTC(2025, 2, day, hh - 1, mm, 0);

async function download(client: Client, path: string, body: unknown) {
  const res = await fetch(client.base + path, {
    method: 'POST',
    headers: { cookie: client.cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

describe.each(dialects())('passenger reports on %s', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let manager: Client;
  let vehicleOnly: Client;
  let passengerOnly: Client;
  let bus: number;
  let van: number;
  let hidden: number;
  let ana: number;
  let bruno: number;
  let stranger: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    const school = (await admin.post('/api/groups', { name: 'Escola' })).body.id;
    const device = async (name: string, uniqueId: string, attributes: Record<string, unknown>) =>
      (
        await admin.post('/api/devices', {
          name,
          uniqueId,
          attributes: { has_passengers: true, ...attributes },
        })
      ).body.id as number;
    bus = await device('Autocarro Escolar', '356307042441301', { license_plate: 'LD-01-01-AA' });
    van = await device('Carrinha', '356307042441302', { privacy: 1 });
    hidden = await device('Outro', '356307042441303', {});
    const passenger = async (name: string, cardId: string, groupId: number | null = null) =>
      (await admin.post('/api/passengers', { name, cardId, groupId })).body.id as number;
    ana = await passenger('Ana', 'A1', school);
    bruno = await passenger('Bruno', 'B1');
    const m = await userClient(server, admin, {
      email: 'gestor@x.ao',
      attributes: { permissions: ['passengers'] },
    });
    manager = m.client;
    await admin.post('/api/permissions', { userId: m.id, deviceId: bus });
    await admin.post('/api/permissions', { userId: m.id, deviceId: van });
    await admin.post('/api/permissions', { userId: m.id, groupId: school });
    const v = await userClient(server, admin, {
      email: 'veiculos@x.ao',
      attributes: { permissions: ['passengers.vehicle'] },
    });
    vehicleOnly = v.client;
    await admin.post('/api/permissions', { userId: v.id, deviceId: bus });
    const p = await userClient(server, admin, {
      email: 'passageiros@x.ao',
      attributes: { permissions: ['passengers.passenger'] },
    });
    passengerOnly = p.client;
    await admin.post('/api/permissions', { userId: p.id, deviceId: bus });
    stranger = (
      await (
        await userClient(server, admin, { email: 'x@x.ao', attributes: { permissions: ['passengers'] } })
      ).client.post('/api/passengers', { name: 'Alheio', cardId: 'Z9' })
    ).body.id;
    const pickup = (
      deviceId: number,
      passengerId: number | null,
      cardId: string,
      time: number,
      address: string | null,
      latitude = -8.8,
      longitude = 13.2,
    ) => ({ deviceId, passengerId, cardId, time, address, latitude, longitude });
    await server.services.db.kysely
      .insertInto('passengerPickups')
      .values([
        pickup(bus, ana, 'A1', at(7, 10), 'Rua da Missão, Luanda'),
        pickup(bus, bruno, 'B1', at(7, 20), null, -8.812345, 13.234567),
        pickup(bus, ana, 'A1', at(16, 5), 'Escola 1'),
        pickup(van, null, 'CC000001', at(8, 0), 'Mutamba'),
        pickup(van, ana, 'A1', at(9, 30), 'Maianga'),
        pickup(bus, ana, 'A1', at(7, 10, 11), 'Rua da Missão, Luanda'),
        pickup(hidden, ana, 'A1', at(7, 0), 'Outro lugar'),
      ])
      .execute();
  });
  afterAll(async () => server.close());

  const run = (client: Client, name: string, body: Record<string, unknown>) =>
    client.post(`/report/report_${name}.php`, { ...DAY, ...body });

  it('passenger_vehicle: per vehicle, one row per pickup and the count', async () => {
    const r = await run(admin, 'passenger_vehicle', { devices: [bus, van] });
    expect(r.status).toBe(200);
    expect(
      r.body.map((t: Record<string, unknown>) => [t.report, t.deviceId, t.title, t.subtitle, t.subtitle2]),
    ).toEqual([
      [
        'passenger_vehicle',
        bus,
        'Recolhas por veículo - Autocarro Escolar',
        '10/03/2025 00:00:00 - 10/03/2025 23:59:59',
        'Matrícula: LD-01-01-AA',
      ],
      [
        'passenger_vehicle',
        van,
        'Recolhas por veículo - Carrinha',
        '10/03/2025 00:00:00 - 10/03/2025 23:59:59',
        'Matrícula: Carrinha',
      ],
    ]);
    expect(r.body[0].header).toEqual(['Data', 'Passageiro', 'Cartão', 'Grupo', 'Local']);
    expect(r.body[0].data_types).toEqual(['datetime', 'text', 'text', 'text', 'text']);
    expect(r.body[0].data).toEqual([
      ['10/03/2025 07:10:00', 'Ana', 'A1', 'Escola', 'Rua da Missão, Luanda'],
      ['10/03/2025 07:20:00', 'Bruno', 'B1', '', '-8.812345, 13.234567'],
      ['10/03/2025 16:05:00', 'Ana', 'A1', 'Escola', 'Escola 1'],
    ]);
    expect(r.body[0].footer).toEqual([['Total', '3 recolhas', '2 passageiros', '', '']]);
    expect(r.body[1].data).toEqual([
      ['10/03/2025 08:00:00', 'CC000001', 'CC000001', '', 'Mutamba'],
      ['10/03/2025 09:30:00', 'Ana', 'A1', 'Escola', 'Maianga'],
    ]);
    expect(r.body[1].footer).toEqual([['Total', '2 recolhas', '2 passageiros', '', '']]);
  });

  it('passenger_vehicle: the passengers filter, private places, a period without pickups', async () => {
    const r = await run(manager, 'passenger_vehicle', { devices: [bus, van], passengers: [ana] });
    expect(r.body.map((t: { subtitle3: string }) => t.subtitle3)).toEqual([
      'Passageiros: Ana',
      'Passageiros: Ana',
    ]);
    expect(r.body[0].data.map((row: unknown[]) => row[0])).toEqual([
      '10/03/2025 07:10:00',
      '10/03/2025 16:05:00',
    ]);
    // the van is private: where it was is not shown to users other than administrators
    expect(r.body[1].data).toEqual([['10/03/2025 09:30:00', 'Ana', 'A1', 'Escola', '']]);
    expect(
      (
        await run(manager, 'passenger_vehicle', {
          devices: [bus],
          from: '2025-03-12 00:00:00',
          to: '2025-03-12 23:59:59',
        })
      ).body,
    ).toEqual([]);
    // a passenger the user does not see, a vehicle the user does not see
    expect((await run(manager, 'passenger_vehicle', { devices: [bus], passengers: [stranger] })).status).toBe(
      404,
    );
    expect((await run(manager, 'passenger_vehicle', { devices: [hidden] })).status).toBe(404);
    expect((await run(manager, 'passenger_vehicle', {})).text).toBe(
      'Por favor seleccione os veículos pretendidos',
    );
  });

  it('passenger_passenger: per passenger, one row per pickup and the totals, unknown cards last', async () => {
    const r = await run(admin, 'passenger_passenger', { devices: [bus, van] });
    expect(r.status).toBe(200);
    expect(r.body.map((t: Record<string, unknown>) => [t.report, t.title, t.subtitle2, t.subtitle3])).toEqual(
      [
        ['passenger_passenger', 'Recolhas por passageiro - Ana', 'Cartão: A1 · Grupo: Escola', ''],
        ['passenger_passenger', 'Recolhas por passageiro - Bruno', 'Cartão: B1', ''],
        [
          'passenger_passenger',
          'Recolhas por passageiro - CC000001',
          'Cartão: CC000001 · Passageiro não registado',
          '',
        ],
      ],
    );
    expect(r.body[0].header).toEqual(['Data', 'Veículo', 'Matrícula', 'Local']);
    expect(r.body[0].data).toEqual([
      ['10/03/2025 07:10:00', 'Autocarro Escolar', 'LD-01-01-AA', 'Rua da Missão, Luanda'],
      ['10/03/2025 09:30:00', 'Carrinha', 'Carrinha', 'Maianga'],
      ['10/03/2025 16:05:00', 'Autocarro Escolar', 'LD-01-01-AA', 'Escola 1'],
    ]);
    expect(r.body.map((t: { footer: unknown }) => t.footer)).toEqual([
      [['Total', '3 recolhas', '2 veículos', '']],
      [['Total', '1 recolha', '1 veículo', '']],
      [['Total', '1 recolha', '1 veículo', '']],
    ]);
    const picked = await run(admin, 'passenger_passenger', {
      devices: [bus, van],
      passengers: [bruno, ana],
    });
    expect(picked.body.map((t: { title: string }) => t.title)).toEqual([
      'Recolhas por passageiro - Bruno',
      'Recolhas por passageiro - Ana',
    ]);
    expect(picked.body[0].subtitle3).toBe('Passageiros: Bruno, Ana');
    expect(picked.body[1].data.map((row: unknown[]) => row[3])).toEqual([
      'Rua da Missão, Luanda',
      'Maianga',
      'Escola 1',
    ]);
    // the van is private: users other than administrators do not see where it was
    const own = await run(manager, 'passenger_passenger', { devices: [bus, van], passengers: [ana] });
    expect(own.body[0].data.map((row: unknown[]) => row[3])).toEqual([
      'Rua da Missão, Luanda',
      '',
      'Escola 1',
    ]);
  });

  it('exports both reports (csv, excel)', async () => {
    const csv = await download(admin, '/report/report_passenger_passenger.php', {
      devices: [bus],
      passengers: [ana],
      ...DAY,
      format: 'csv',
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="passenger_passenger_.*\.csv"/,
    );
    const lines = csv.body.subarray(3).toString('utf8').split('\r\n');
    expect(lines.slice(0, 8)).toEqual([
      'Recolhas por passageiro - Ana',
      '10/03/2025 00:00:00 - 10/03/2025 23:59:59',
      'Cartão: A1 · Grupo: Escola',
      'Passageiros: Ana',
      'Data,Veículo,Matrícula,Local',
      '10/03/2025 07:10:00,Autocarro Escolar,LD-01-01-AA,"Rua da Missão, Luanda"',
      '10/03/2025 16:05:00,Autocarro Escolar,LD-01-01-AA,Escola 1',
      'Total,2 recolhas,1 veículo,',
    ]);
    const xlsx = await download(admin, '/report/report_passenger_pickup.php', {
      ReportVersion: 1,
      devices: [bus],
      ...DAY,
      format: 'excel',
    });
    expect(xlsx.headers.get('content-disposition')).toMatch(
      /^attachment; filename="passenger_vehicle_.*\.xlsx"/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as never);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Recolhas por veículo - Autoc']);
    const sheet = book.worksheets[0];
    let header = 0;
    sheet.eachRow((row, n) => {
      if (row.getCell(1).value === 'Data') header = n;
    });
    expect(header).toBeGreaterThan(1);
    expect(sheet.getRow(header + 1).getCell(1).value).toEqual(new Date(Date.UTC(2025, 2, 10, 7, 10, 0)));
    expect(sheet.getRow(header + 2).getCell(2).value).toBe('Bruno');
    expect(sheet.getRow(header + 4).getCell(2).value).toBe('3 recolhas');
  });

  it('report_passenger_pickup.php runs version 1 and 3, refuses another version', async () => {
    const body = { devices: [bus, van], ...DAY };
    const v1 = await manager.post('/report/report_passenger_pickup.php', { ...body, ReportVersion: 1 });
    expect(v1.status).toBe(200);
    expect(v1.body).toEqual((await run(manager, 'passenger_vehicle', body)).body);
    expect(v1.body.map((t: { deviceId: number }) => t.deviceId)).toEqual([bus, van]);
    const v3 = await manager.form('/report/report_passenger_pickup.php', {
      devices: `${bus},${van}`,
      ...DAY,
      ReportVersion: '3',
      passengers: String(ana),
    });
    expect(v3.status).toBe(200);
    expect(v3.body).toEqual((await run(manager, 'passenger_passenger', { ...body, passengers: [ana] })).body);
    expect(v3.body.map((t: { title: string }) => t.title)).toEqual(['Recolhas por passageiro - Ana']);
    for (const ReportVersion of [2, '4', 'x', undefined])
      expect(
        await manager.post('/report/report_passenger_pickup.php', { ...body, ReportVersion }),
      ).toMatchObject({
        status: 400,
        text: 'Versão de relatório inválida',
      });
  });

  it('each report needs its own permission (403), also through the pickup endpoint', async () => {
    const body = { devices: [bus], ...DAY };
    const pickupAs = (c: Client, ReportVersion: number) =>
      c.post('/report/report_passenger_pickup.php', { ...body, ReportVersion });
    expect((await run(vehicleOnly, 'passenger_vehicle', body)).status).toBe(200);
    expect((await pickupAs(vehicleOnly, 1)).status).toBe(200);
    expect((await run(vehicleOnly, 'passenger_passenger', body)).status).toBe(403);
    expect((await pickupAs(vehicleOnly, 3)).status).toBe(403);
    expect((await run(passengerOnly, 'passenger_passenger', body)).status).toBe(200);
    expect((await pickupAs(passengerOnly, 3)).status).toBe(200);
    expect((await run(passengerOnly, 'passenger_vehicle', body)).status).toBe(403);
    expect((await pickupAs(passengerOnly, 1)).status).toBe(403);
    const catalogue = async (c: Client) =>
      ((await c.get('/report/api.php/reports')).body as Array<{ name: string }>)
        .map((e) => e.name)
        .filter((n) => n.startsWith('passenger_'));
    expect(await catalogue(vehicleOnly)).toEqual(['passenger_vehicle']);
    expect(await catalogue(passengerOnly)).toEqual(['passenger_passenger']);
    expect(await catalogue(manager)).toEqual(['passenger_vehicle', 'passenger_passenger']);
  });
});
