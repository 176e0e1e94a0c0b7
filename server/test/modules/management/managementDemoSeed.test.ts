/** The management demo data (issue 17): believable rows for every vehicle, visible through the calls. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dialects,
  insertDevice,
  insertPosition,
  startTestServer,
  type Client,
  type TestServer,
} from '../../harness';
import { parseJson } from '../../../src/db/mapping';
import { seedManagementDemo } from '../../../src/modules/management/demoSeed';
import { API } from '../../managementFleet';

describe.each(dialects())('management demo seed (%s)', (dialect) => {
  let server: TestServer;
  let admin: Client;
  const ids: number[] = [];

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    for (let i = 0; i < 5; i++)
      ids.push(await insertDevice(server.services.db, `Demo ${i}`, `demo-mgmt-${i}`));
    // a vehicle the fleet's seed marked as in the workshop (after the others: their states stay)
    ids.push(await insertDevice(server.services.db, 'Demo 5', 'demo-mgmt-5'));
    await server.services.db.kysely
      .updateTable('devices')
      .set({ attributes: JSON.stringify({ in_maintenance: 1 }) })
      .where('id', '=', ids[5])
      .execute();
    // one vehicle with an odometer: 13,904 km
    await insertPosition(server.services.db, ids[0], Date.now() - 60_000, {
      attributes: { odometer: 13_904_000, totalDistance: 13_904_000 },
      latest: true,
    });
    await seedManagementDemo(server.services.db, ids, Date.now());
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives every vehicle entries, costs with expiries and documents with files', async () => {
    const summary = await admin.get(`${API}/maintenance_summary`);
    expect(summary.status, summary.text).toBe(200);
    const states = new Set(summary.body.data.map((r: { state: string }) => r.state));
    expect(states).toEqual(new Set(['progress', 'overdue', 'soon', 'ok']));
    expect(
      summary.body.data.some((r: { maintenance_type: string }) => r.maintenance_type === 'automatic'),
    ).toBe(true);
    for (const id of ids) {
      expect((await admin.get(`${API}/maintenance/${id}`)).body.length).toBeGreaterThanOrEqual(2);
      expect((await admin.get(`${API}/cost/${id}`)).body).toHaveLength(3);
      const documents = (await admin.get(`${API}/document/${id}`)).body;
      expect(documents.map((d: { file_type: string }) => d.file_type).sort()).toEqual(['pdf', 'png']);
      const file = await admin.get(`${API}/file/${documents[0].id}`);
      expect(file.status).toBe(200);
      expect(Number(file.headers.get('content-length'))).toBe(documents[0].file_size);
    }
  });

  it('puts the vehicles marked in the workshop there, and only those: the summary and the map agree', async () => {
    const summary = await admin.get(`${API}/maintenance_summary`);
    const inProgress = summary.body.data
      .filter((r: { state: string }) => r.state === 'progress')
      .map((r: { id: number }) => r.id)
      .sort();
    // the one the fleet's seed marked, and no other
    expect(inProgress).toEqual([ids[5]]);
    const devices = await server.services.db.kysely.selectFrom('devices').select(['id', 'attributes']).execute();
    const marked = devices
      .filter((d) => Number(parseJson(d.attributes).in_maintenance) === 1)
      .map((d) => Number(d.id))
      .sort();
    expect(marked).toEqual(inProgress);
  });

  it('dates the services by the km driven since, older ones at fewer km, none past the odometer', async () => {
    const entries = (await admin.get(`${API}/maintenance/${ids[0]}`)).body as {
      date_start: string;
      km: number | null;
    }[];
    const byDate = entries
      .filter((e) => e.km !== null)
      .sort((a, b) => a.date_start.localeCompare(b.date_start));
    const km = byDate.map((e) => e.km!);
    expect(km.length).toBeGreaterThanOrEqual(1);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    expect(Math.max(...km)).toBeLessThanOrEqual(13_904);
    expect(Math.min(...km)).toBeGreaterThan(0);
    // at the pace the demo fleet drives (about 90 km a day, as its refills say)
    const last = byDate.at(-1)!;
    const daysAgo = (Date.now() - Date.parse(last.date_start)) / 86_400_000;
    expect((13_904 - last.km!) / daysAgo).toBeGreaterThan(60);
  });
});
