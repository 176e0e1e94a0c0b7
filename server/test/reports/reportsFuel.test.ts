/**
 * Fuel analysis through the real server (issue 14, point 13): drops while driving found under fuel
 * sloshing, one row per fall around stops, and kW from the battery capacity for electric vehicles.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, type Client, type TestServer } from '../harness';
import { buildTrack, every, insertTrack, type TrackPoint } from '../../src/reports/testing/track';
import { DAY_TZ } from '../../src/reports/testing/seedDay';
import { ELECTRIC_FUEL_COLUMNS } from '../../src/reports/builders/fuel';

const SEC = 1000;
const MIN = 60 * SEC;
// Wednesday 12 March 2025 in Luanda
const at = (h: number, m = 0, s = 0) => DAY_TZ.toUtc(2025, 3, 12, h, m, s);
const DAY = { from: '2025-03-12 00:00:00', to: '2025-03-12 23:59:59' };
const THEFT_ADDRESS = 'Estrada de Catete, Luanda';

/**
 * Fuel sloshing on bends and braking: for 30 s every 5 minutes (minutes 2, 7, 12…) the sensor reads 15 %
 * above or below the level, deeper than the report's 10 % threshold.
 */
const slosh = (t: number, level: number) => {
  const minute = Math.floor((t - at(0)) / MIN);
  const burst = minute % 5 === 2 && (t - at(0)) % MIN < 30 * SEC;
  return burst ? level + (Math.floor(minute / 5) % 2 ? -15 : 15) : level;
};
const drive = (from: number, to: number, step: number, level: (t: number) => number): TrackPoint[] =>
  every(from, to, step, (t) => ({ speed: 60, ignition: true, attrs: { fuel: slosh(t, level(t)) } }));
const park = (from: number, to: number, step: number, level: (t: number) => number): TrackPoint[] =>
  every(from, to, step, (t) => ({ speed: 0, ignition: false, attrs: { fuel: level(t) } }));

describe.each(dialects())('fuel analysis (%s)', (dialect) => {
  let server: TestServer;
  let admin: Client;
  const ids: Record<string, number> = {};

  const insert = async (name: string, attributes: Record<string, unknown>, points: TrackPoint[]) => {
    const device = await admin.post('/api/devices', { name, uniqueId: `fuel-${name}`, attributes });
    expect(device.status, device.text).toBe(200);
    ids[name] = device.body.id;
    await insertTrack(server.services.db, ids[name], buildTrack({ latitude: -8.8, longitude: 13.2 }, points));
  };
  const run = async (name: string, body: Record<string, unknown> = {}) => {
    const res = await admin.post('/report/report_fuel_analysis.php', {
      ...DAY,
      devices: [ids[name]],
      ...body,
    });
    expect(res.status, res.text).toBe(200);
    return res.body as Array<{
      header: string[];
      data: unknown[][];
      footer: unknown[][];
      subtitle3: string;
    }>;
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    // a diesel truck (200 L): refilled at the pump, a drop read just before driving off, and siphoned
    // from while driving, all under sloshing
    await insert('truck', { fuel_type: 'diesel', fuel_tank_capacity: 200 }, [
      ...park(at(6), at(7), 10 * MIN, () => 30),
      ...park(at(7), at(7, 20), MIN, (t) => (t < at(7, 10) ? 30 : 90)),
      ...drive(at(7, 20), at(8), 10 * SEC, () => 90),
      ...park(at(8), at(8, 30), 5 * MIN, (t) => (t < at(8, 25) ? 90 : 70)),
      ...drive(at(8, 30), at(9, 30), 10 * SEC, (t) => (t < at(9) ? 70 : 45)),
      ...park(at(9, 30), at(10), 5 * MIN, () => 45),
    ]);
    await server.services.db.kysely
      .updateTable('positions')
      .set({ address: THEFT_ADDRESS })
      .where('deviceId', '=', ids.truck)
      .where('fixTime', '=', at(9))
      .execute();
    // a van whose tracker reports every second: short sloshes up and down while driving, and braking
    // right before it parks (the sensor reads low for 5 s) with the level unchanged at rest
    await insert('van', { fuel_tank_capacity: 80 }, [
      ...every(at(9), at(9, 30), SEC, (t) => {
        const s = (t - at(9)) % (3 * MIN);
        const fuel =
          t >= at(9, 30) - 5 * SEC ? 35 : s < 5 * SEC ? 65 : s >= 90 * SEC && s < 110 * SEC ? 35 : 50;
        return { speed: 60, ignition: true, attrs: { fuel } };
      }),
      ...park(at(9, 30), at(10), MIN, () => 50),
    ]);
    // an electric van (fuel_type "1" as the form may store it; battery 75 kW): charged while parked from
    // 20 % to 80 %, then 30 minutes of driving that use 6 % of the battery
    await insert('ev', { fuel_type: '1', fuel_tank_capacity: 75 }, [
      ...park(at(8), at(10), 10 * MIN, (t) => (t < at(9) ? 20 : 80)),
      ...drive(at(10), at(10, 30), 30 * SEC, (t) => 80 - (6 * (t - at(10))) / (30 * MIN)),
      ...park(at(10, 30), at(11), 5 * MIN, () => 74),
    ]);
  });
  afterAll(async () => server.close());

  it('reports the drop while driving once, with its time, place, levels and litres', async () => {
    const [r, ...rest] = await run('truck');
    expect(rest).toEqual([]);
    expect(r.header).toEqual([
      'Data',
      'Tipo',
      'Nível antes (%)',
      'Nível depois (%)',
      'Variação (%)',
      'Litros',
      'Local',
    ]);
    expect(r.data.map((row) => row.slice(0, 6))).toEqual([
      ['12/03/2025 07:10:00', 'Abastecimento', 30, 90, 60, 120],
      ['12/03/2025 08:25:00', 'Queda', 90, 70, -20, -40],
      ['12/03/2025 09:00:00', 'Queda em andamento', 70, 45, -25, -50],
    ]);
    expect(r.data[2][6]).toBe(THEFT_ADDRESS);
    // the other places are the coordinates of their readings
    expect(r.data[0][6]).toMatch(/^-8\.8\d*, 13\.2\d*$/);
    expect(r.footer).toEqual([
      ['Abastecimentos', '', null, null, 60, 120, ''],
      ['Quedas', '', null, null, -45, -90, ''],
    ]);
    expect(r.subtitle3).toBe('Variação mínima: 10 % · Consumo estimado: 0 L');
    const drops = await run('truck', { select1: '2' });
    expect(drops[0].data.map((row) => row[1])).toEqual(['Queda', 'Queda em andamento']);
  });

  it('a higher threshold keeps the drop while driving only when it is larger', async () => {
    const [r] = await run('truck', { text1: '22' });
    expect(r.data.map((row) => row.slice(0, 5))).toEqual([
      ['12/03/2025 07:10:00', 'Abastecimento', 30, 90, 60],
      ['12/03/2025 09:00:00', 'Queda em andamento', 70, 45, -25],
    ]);
  });

  it('reports nothing for sloshing and braking, however often the tracker reports', async () => {
    expect(await run('van')).toEqual([]);
  });

  it('shows an electric vehicle in kW of its battery', async () => {
    const [r] = await run('ev');
    expect(r.header).toEqual(ELECTRIC_FUEL_COLUMNS.map((c) => c.title));
    expect(r.header[5]).toBe('kW');
    expect(r.data.map((row) => row.slice(0, 6))).toEqual([
      ['12/03/2025 09:00:00', 'Abastecimento', 20, 80, 60, 45],
    ]);
    expect(r.footer[0]).toEqual(['Abastecimentos', '', null, null, 60, 45, '']);
    expect(r.subtitle3).toBe('Variação mínima: 10 % · Consumo estimado: 4.5 kW');
  });

  it('REPORTS.md lists the electric vehicles’ column titles in the fuel analysis section', () => {
    const doc = readFileSync(new URL('../../src/reports/REPORTS.md', import.meta.url), 'utf8');
    const start = doc.indexOf('### fuel_analysis (');
    const section = doc.slice(start, doc.indexOf('\n### ', start + 4));
    expect(start).toBeGreaterThan(0);
    for (const c of ELECTRIC_FUEL_COLUMNS) expect(section).toContain(c.title);
    expect(section).toContain('`kW`');
  });
});
