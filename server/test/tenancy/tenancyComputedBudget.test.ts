/**
 * Issue 33, defect 15: computed attributes run with a step and size budget. Saving an expression that
 * exceeds it on every position (48 `(1<<1e9)` terms: seconds of event loop before) answers 400 at once; one
 * already stored (written straight into the database) or one that exceeds it only on a position's values is
 * aborted cheaply on each record: the records are still stored and acknowledged, the other attributes still
 * computed, and the abort is counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, type Client, type TestServer } from '../harness';
import { FakeTeltonika, type RecordSpec } from '../teltonikaDevice';
import { parseJson, toJson } from '../../src/db/mapping';

const IMEI = '356307042441331';
const T0 = Date.UTC(2025, 2, 10, 7, 0, 0);
const HOSTILE = Array.from({ length: 48 }, () => '(1<<1e9)').join(' + ');
const METRICS_TOKEN = 'computed-budget-token-0123456789';

const rec = (s: number): RecordSpec => ({
  time: T0 + s * 1000,
  lat: -8.8383 + s * 0.0001,
  lon: 13.2344,
  speedKmh: 36,
  ignition: true,
  io: [{ id: 66, size: 2, value: 13800 }],
});

describe.each(dialects())('computed attribute budget (%s)', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let truck: number;

  beforeAll(async () => {
    server = await startTestServer(dialect, { FROTA_METRICS_TOKEN: METRICS_TOKEN });
    admin = await server.admin();
    truck = (await admin.post('/api/devices', { name: 'Camião 1', uniqueId: IMEI })).body.id;
  });
  afterAll(async () => server.close());

  it('refuses to save or test an expression over the budget, quickly and with a clear message', async () => {
    const body = { description: 'x', attribute: 'x', expression: HOSTILE, type: 'number' };
    const started = performance.now();
    const saved = await admin.post('/api/attributes/computed', body);
    expect(saved.status).toBe(400);
    expect(saved.text).toMatch(/evaluation budget: the shift amount of << must be an integer from 0 to 63/);
    const updated = await admin.put('/api/attributes/computed/999999', body);
    expect([400, 404]).toContain(updated.status);
    const tested = await admin.post(`/api/attributes/computed/test?deviceId=${truck}`, body);
    expect([400, 404]).toContain(tested.status);
    expect(performance.now() - started).toBeLessThan(1500);
    expect((await admin.get('/api/attributes/computed')).body).toEqual([]);
  });

  it('keeps ingesting when a stored expression exceeds the budget: records acked, others computed', async () => {
    const k = server.services.db.kysely;
    const insert = async (attribute: string, expression: string) => {
      const row = await k
        .insertInto('computedAttributes')
        .values({
          description: attribute,
          attribute,
          expression,
          type: 'number',
          priority: 0,
          attributes: toJson({}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await k
        .insertInto('deviceComputedAttribute')
        .values({ deviceId: truck, attributeId: Number(row.id) })
        .execute();
    };
    // stored behind the API's back: over the budget on every position, and only on this position's values
    await insert('hostile', HOSTILE);
    await insert('shifted', '1 << fixTime');
    await insert('doubled', 'power * 2');
    server.services.changes.emit('links');

    const dev = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await dev.connect(IMEI)).toBe(1);
    const started = performance.now();
    for (let i = 0; i < 3; i++) expect(await dev.send([rec(i * 10), rec(i * 10 + 5)])).toBe(2);
    // before the budget each record took seconds (48 BigInts of 10^9 bits)
    expect(performance.now() - started).toBeLessThan(2000);
    dev.close();

    const stored = (
      await k.selectFrom('positions').select(['attributes']).where('deviceId', '=', truck).execute()
    ).map((r) => parseJson(r.attributes));
    expect(stored).toHaveLength(6);
    for (const attributes of stored) {
      expect(attributes).toMatchObject({ power: 13.8, doubled: 27.6 });
      expect(attributes).not.toHaveProperty('hostile');
      expect(attributes).not.toHaveProperty('shifted');
    }
    const metrics = await fetch(`${server.base}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const aborted = /^frota_computed_aborted_total (\d+)/m.exec(await metrics.text());
    expect(Number(aborted?.[1])).toBeGreaterThanOrEqual(6);
  });
});
