import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shapeDialects, startTestServer, type TestServer } from '../harness';
import { reportFleet, type ReportFleet } from '../../src/reports/testing/fleet';

const PATH = '/report/api.php/reports';

describe.each(shapeDialects())('report catalogue (%s)', (dialect) => {
  let server: TestServer;
  let f: ReportFleet;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    f = await reportFleet(server);
  });
  afterAll(async () => server.close());

  it('lists only the reports the user may run', async () => {
    const res = await f.limited.client.get(PATH);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { name: 'km', title: 'Quilómetros', drivers: false, options: [], schedulable: true },
    ]);
    expect((await server.client().get(PATH)).status).toBe(401);
  });

  it('gives each report its option fields in display order, and what a schedule may send', async () => {
    const all = (await f.manager.client.get(PATH)).body as Array<Record<string, unknown>>;
    const byName = new Map(all.map((r) => [r.name, r]));
    expect(byName.get('trips')).toMatchObject({ drivers: true, options: ['select1', 'select2', 'check1'] });
    expect(byName.get('speeding')).toMatchObject({ options: ['text1', 'text2', 'check1'] });
    expect(byName.get('stops')).toMatchObject({ options: ['select1', 'text1'], schedulable: false });
    expect(byName.get('positions')).toMatchObject({ schedulable: true });
    expect(byName.get('block')).toMatchObject({ schedulable: false });
    // the specific reports are not built yet: not offered, not schedulable
    expect(all.map((r) => r.name)).not.toContain('luanda_speeding');
    expect(all).toHaveLength(15);
  });
});
