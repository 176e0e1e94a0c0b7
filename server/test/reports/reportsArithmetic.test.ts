/**
 * Report arithmetic (issue 14): in/out of working hours split by time for vehicles and drivers alike, and
 * engine time over sparse reports counted by the state at both ends of a gap (or the hour meter).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, type Client, type TestServer } from '../harness';
import { buildTrack, every, insertTrack, type TrackPoint } from '../../src/reports/testing/track';
import { DAY_TZ } from '../../src/reports/testing/seedDay';

const MIN = 60_000;
// Wednesday 12 March 2025 in Luanda; default working hours 09:00-18:00
const at = (h: number, m = 0) => DAY_TZ.toUtc(2025, 3, 12, h, m, 0);
const DAY = { from: '2025-03-12 00:00:00', to: '2025-03-12 23:59:59' };

describe.each(dialects())('report arithmetic (%s)', (dialect) => {
  let server: TestServer;
  let admin: Client;
  const ids: Record<string, number> = {};

  /** A vehicle and its track; `meter` replaces the hour meter of each row (undefined: none sent). */
  const insert = async (
    name: string,
    points: TrackPoint[],
    meter?: (i: number) => number | undefined,
    attributes: Record<string, unknown> = {},
  ) => {
    const device = await admin.post('/api/devices', { name, uniqueId: `arith-${name}`, attributes });
    ids[name] = device.body.id;
    const rows = buildTrack({ latitude: -8.8, longitude: 13.2 }, points).map((r, i) =>
      meter ? { ...r, hours: meter(i) as number } : r,
    );
    await insertTrack(server.services.db, device.body.id, rows);
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    await admin.post('/api/drivers', { name: 'Rita', uniqueId: 'RFID-ARITH' });
    ids.driver = (await admin.get('/api/drivers')).body.find((d: { name: string }) => d.name === 'Rita').id;
    const driver = { driverUniqueId: 'RFID-ARITH' };
    // one trip 17:30-18:30 at 60 km/h: half inside working hours, half after
    await insert('edge', [
      { time: at(17, 0), speed: 0, ignition: false, attrs: driver },
      ...every(at(17, 30), at(18, 30), 30_000, () => ({ speed: 60, ignition: true, attrs: driver })),
      { time: at(18, 30), speed: 0, ignition: false, attrs: driver },
      { time: at(19, 0), speed: 0, ignition: false, attrs: driver },
    ]);
    // idling with the ignition on, reporting every 30 minutes 10:00-13:00, then off at 14:00
    const sparse = [
      ...every(at(10), at(13, 1), 30 * MIN, () => ({ speed: 0, ignition: true })),
      { time: at(14), speed: 0, ignition: false },
    ];
    await insert('sparse', sparse, () => undefined);
    // the same, with an hour meter that says the engine ran 20 of every 30 minutes
    await insert('meter', sparse, (i) => Math.min(i, 6) * 20 * MIN);
    // driving 08:00-09:00; the tank falls from 60 % to 40 % at 08:20 and stays there
    const level = (t: number) => (t < at(8, 20) ? 60 : t < at(8, 22) ? 50 : 40);
    const driving = every(at(8), at(9), 30_000, (t) => ({
      speed: 60,
      ignition: true,
      attrs: { fuel: level(t) },
    }));
    await insert('theft', driving, undefined, { fuel_tank_capacity: 200 });
    // an electric van charged from 20 % to 80 % while parked 12:00-13:00 (battery 75 kW)
    const charge = every(at(11, 30), at(13, 30), 5 * MIN, (t) => ({
      speed: 0,
      ignition: false,
      attrs: { fuel: t < at(12) ? 20 : t < at(13) ? 50 : 80 },
    }));
    await insert('ev', charge, undefined, { fuel_type: 1, fuel_tank_capacity: 75 });
  });
  afterAll(async () => server.close());

  const hours = async (deviceId: number) => {
    const res = await admin.post('/report/report_hours.php', { ...DAY, devices: [deviceId] });
    expect(res.status, res.text).toBe(200);
    const header: string[] = res.body[0].header;
    const row = res.body[0].data[0];
    return { engine: row[header.indexOf('Horas de motor')], idle: row[header.indexOf('Ralenti')] };
  };

  it('counts a sparse gap with the ignition on at both ends as engine time, not one that ends off', async () => {
    expect(await hours(ids.sparse)).toEqual({ engine: '03:00:00', idle: '03:00:00' });
  });

  it('reports a fuel drop while driving, in litres', async () => {
    const res = await admin.post('/report/report_fuel_analysis.php', { ...DAY, devices: [ids.theft] });
    expect(res.status, res.text).toBe(200);
    const [result] = res.body;
    expect(result.data).toHaveLength(1);
    const [row] = result.data;
    expect(row[1]).toBe('Queda em andamento');
    expect(row.slice(2, 6)).toEqual([60, 40, -20, -40]);
    expect(result.header[5]).toBe('Litros');
  });

  it('shows kW for an electric vehicle', async () => {
    const res = await admin.post('/report/report_fuel_analysis.php', { ...DAY, devices: [ids.ev] });
    expect(res.status, res.text).toBe(200);
    const [result] = res.body;
    expect(result.header[5]).toBe('kW');
    expect(result.data.map((r: unknown[]) => [r[1], r[4], r[5]])).toEqual([['Abastecimento', 60, 45]]);
    expect(result.subtitle3).toMatch(/ kW$/);
  });

  it('takes a gap’s engine time from the hour meter when the tracker sends one', async () => {
    expect(await hours(ids.meter)).toEqual({ engine: '02:00:00', idle: '02:00:00' });
  });

  it('splits a trip across the end of working hours by time, by vehicle and by driver alike', async () => {
    const byVehicle = await admin.post('/report/report_activity.php', { ...DAY, devices: [ids.edge] });
    const byDriver = await admin.post('/report/report_activity.php', {
      ...DAY,
      devices: [ids.driver],
      itemsType: 'D',
    });
    for (const res of [byVehicle, byDriver]) {
      expect(res.status, res.text).toBe(200);
      const header: string[] = res.body[0].header;
      const row = res.body[0].data[0];
      const value = (title: string) => row[header.indexOf(title)] as number;
      expect(value('Distância (km)')).toBeCloseTo(60, 0);
      expect(value('Em horário (km)')).toBeCloseTo(30, 0);
      expect(value('Fora de horário (km)')).toBeCloseTo(30, 0);
    }
  });
});
