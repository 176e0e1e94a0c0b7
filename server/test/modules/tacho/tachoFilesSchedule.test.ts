/**
 * The schedule column (document 3 §3 periodicity: Daily, Weekly, Monthly, Custom, Never) edited per entity,
 * and the staleness mark of issue 20: a driver whose newest card file is older than 28 days, a vehicle whose
 * newest vehicle unit file is older than 90 days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, type TestServer } from '../../harness';
import {
  API,
  DAY,
  buildTachoFleet,
  cardFile,
  uploadRaw,
  vuFile,
  workDays,
  type TachoFleet,
} from '../../tachoFilesFleet';

const daysAgo = (n: number) => Math.floor(Date.now() / 1000) - n * DAY;

describe.each(dialects())('tachograph files: schedule and staleness (%s)', (dialect) => {
  let server: TestServer;
  let f: TachoFleet;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await buildTachoFleet(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const upload = async (name: string, bytes: Buffer): Promise<number> => {
    const r = await uploadRaw(server, f.gestor, name, bytes);
    if (r.status !== 200) throw new Error(`${r.status} ${r.text}`);
    return r.body.files[0].id;
  };
  const rows = async () =>
    new Map<number, any>(
      (await f.gestor.get(`${API}/tacho_files`)).body.map((r: { id: number }) => [r.id, r]),
    );

  it('sets the schedule of the entity of a file: every file of that entity shows it', async () => {
    const march = await upload('c1.ddd', cardFile());
    const april = await upload(
      'c2.ddd',
      cardFile({ lastDownload: Date.parse('2026-04-01T09:00:00Z') / 1000 }),
    );
    const truck = await upload('m1.ddd', vuFile());
    const put = await f.gestor.put(`${API}/tacho_files/${march}/periodicity`, { periodicity: 'Weekly' });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ periodicity: 'Weekly', custom_days: null });
    let list = await rows();
    expect(list.get(march).periodicity).toBe('Weekly');
    expect(list.get(april).periodicity).toBe('Weekly');
    expect(list.get(truck).periodicity).toBe('Never');

    const custom = await f.gestor.put(`${API}/tacho_files/${truck}/periodicity`, {
      periodicity: 'Custom',
      custom_days: 14,
    });
    expect(custom.status, custom.text).toBe(200);
    list = await rows();
    expect(list.get(truck)).toMatchObject({ periodicity: 'Custom', custom_days: 14 });
    // custom days are kept only with Custom
    await f.gestor.put(`${API}/tacho_files/${truck}/periodicity`, { periodicity: 'Monthly', custom_days: 9 });
    expect((await rows()).get(truck)).toMatchObject({ periodicity: 'Monthly', custom_days: null });
  });

  it('refuses an unknown periodicity, Custom without days, a read-only user and a file not seen', async () => {
    const id = [...(await rows()).keys()][0];
    const bad = await f.gestor.put(`${API}/tacho_files/${id}/periodicity`, { periodicity: 'Hourly' });
    expect(bad.status).toBe(400);
    const noDays = await f.gestor.put(`${API}/tacho_files/${id}/periodicity`, { periodicity: 'Custom' });
    expect(noDays.status).toBe(400);
    expect(noDays.text).toContain('Indique o número de dias');
    const truckFile = [...(await rows()).values()].find((r) => r.file_type === 'V').id;
    expect(
      (await f.leitor.put(`${API}/tacho_files/${truckFile}/periodicity`, { periodicity: 'Daily' })).status,
    ).toBe(403);
    expect(
      (await f.gestor.put(`${API}/tacho_files/999999/periodicity`, { periodicity: 'Daily' })).status,
    ).toBe(404);
  });

  it('marks a driver whose newest card file is older than 28 days, a vehicle older than 90', async () => {
    const card = (surname: string, number: string, ago: number) =>
      cardFile({ surname, cardNumber: number, lastDownload: daysAgo(ago), days: workDays('2026-10-01', 2) });
    const oldDriver = await upload('velho.ddd', card('Velho', 'P0000000000011', 29));
    const freshDriver = await upload('novo.ddd', card('Novo', 'P0000000000022', 27));
    const vehicle = (vin: string, ago: number) =>
      vuFile({
        vin,
        vrn: vin.slice(0, 8),
        downloadTime: daysAgo(ago),
        downloadableFrom: daysAgo(ago + 30),
        downloadableTo: daysAgo(ago),
      });
    const oldTruck = await upload('mv.ddd', vehicle('VIN00000000000091', 91));
    const freshTruck = await upload('mn.ddd', vehicle('VIN00000000000089', 89));
    let list = await rows();
    expect(list.get(oldDriver)).toMatchObject({ stale: true, stale_days: 29 });
    expect(list.get(freshDriver)).toMatchObject({ stale: false, stale_days: 27 });
    expect(list.get(oldTruck)).toMatchObject({ stale: true, stale_days: 91 });
    expect(list.get(freshTruck)).toMatchObject({ stale: false, stale_days: 89 });

    // a newer card file of the same driver clears the mark on all of the driver's files
    const newer = await upload('velho2.ddd', card('Velho', 'P0000000000011', 1));
    list = await rows();
    expect(list.get(oldDriver)).toMatchObject({ stale: false, stale_days: 1 });
    expect(list.get(newer).last_download).toBe(list.get(oldDriver).last_download);
  });
});
