/** The management demo data (issue 17): believable rows for every vehicle, visible through the calls. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, insertDevice, startTestServer, type Client, type TestServer } from '../../harness';
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
});
