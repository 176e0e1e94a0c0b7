/**
 * The alert central's count (issue 16 speed): whole days come from the daily event tallies the database
 * keeps (migration 011), partial days from the events. The count must equal the events listed, for every
 * filter, period and timezone, after status changes and after a vehicle's events are deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJson } from '../../../src/db/mapping';
import { dialects, startTestServer, type Client, type TestServer } from '../../harness';
import { insertPosition } from '../../fixtures';

const API = '/report/api.php';
const TYPES: Array<[string, Record<string, unknown>]> = [
  ['alarm', { alarm: 'sos' }],
  ['alarm', { alarm: 'hardBraking' }],
  ['deviceOverspeed', {}],
  ['geofenceEnter', {}],
  ['ignitionOn', {}],
];

/** A small deterministic generator, so a failure replays. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe.each(dialects())('alert central counts from the daily tallies (%s)', (dialect) => {
  let server: TestServer;
  let admin: Client;
  const devices: number[] = [];
  let driver: number;
  const rnd = prng(16);

  const check = async (from: string, to: string, query: string) => {
    const path = `${API}/events/${from}/${to}`;
    const all = await admin.get(`${path}${query ? `?${query}` : ''}`);
    expect(all.status, all.text).toBe(200);
    const page = await admin.get(`${path}?limit=1${query ? `&${query}` : ''}`);
    expect(page.status, page.text).toBe(200);
    expect(page.body.total, `${from}..${to} ${query}`).toBe((all.body as unknown[]).length);
    return page.body.total as number;
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    // Luanda is UTC+1: every period in the user's days starts and ends inside a UTC day
    const me = (await admin.get('/api/session')).body;
    await admin.put(`/api/users/${me.id}`, {
      ...me,
      attributes: { ...me.attributes, timezone: 'Africa/Luanda' },
    });
    for (const name of ['Camião', 'Carrinha', 'Mota'])
      devices.push((await admin.post('/api/devices', { name, uniqueId: `tally-${name}` })).body.id);
    driver = (await admin.post('/api/drivers', { name: 'Rui Tavares', uniqueId: 'CARD-RUI' })).body.id;
    const k = server.services.db.kysely;
    const start = Date.parse('2024-03-01T00:00:00Z');
    const withCard = await insertPosition(server, devices[0], start, { driverUniqueId: 'CARD-RUI' });
    const rows = [];
    for (let i = 0; i < 400; i++) {
      const [type, attributes] = TYPES[Math.floor(rnd() * TYPES.length)];
      const deviceId = devices[Math.floor(rnd() * devices.length)];
      rows.push({
        type,
        eventTime: start + Math.floor(rnd() * 12 * 86_400_000),
        deviceId,
        positionId: deviceId === devices[0] && rnd() < 0.5 ? withCard : null,
        geofenceId: null,
        attributes: toJson(attributes),
      });
    }
    await k.insertInto('events').values(rows).execute();
    // and one by one, as the pipeline may write them
    for (let i = 0; i < 20; i++)
      await k
        .insertInto('events')
        .values({ ...rows[i], eventTime: rows[i].eventTime + 1000 })
        .execute();
  });
  afterAll(async () => server.close());

  it('counts exactly what is listed, for periods with partial and whole days and every filter', async () => {
    const periods: Array<[string, string]> = [
      ['2024-03-01', '2024-03-12'],
      ['2024-03-03', '2024-03-03'],
      ['2024-03-02', '2024-03-04'],
      ['2024-02-28', '2024-03-20'],
    ];
    const filters = [
      '',
      'type=alarmsos',
      'type=alarmsos,deviceOverspeed',
      'status=0',
      `device=${devices[1]}`,
      `driver=${driver}`,
      'driver=0',
      'search=carrinha',
      'search=rui',
    ];
    let counted = 0;
    for (const [from, to] of periods) for (const query of filters) counted += await check(from, to, query);
    expect(counted).toBeGreaterThan(500);
  });

  it('follows status changes and deleted vehicles', async () => {
    const { body } = await admin.get(`${API}/events/2024-03-01/2024-03-12?limit=30`);
    for (const [i, event] of (body.data as Array<{ id: number }>).entries())
      expect(
        (await admin.post(`${API}/event/${event.id}`, { status: 1 + (i % 3), details: '' })).status,
      ).toBe(200);
    for (const status of ['0', '1', '2', '3', '1,2']) {
      const total = await check('2024-03-01', '2024-03-12', `status=${status}`);
      if (status !== '0') expect(total).toBeGreaterThan(0);
    }
    expect((await admin.del(`/api/devices/${devices[2]}`)).status).toBe(204);
    const left = await check('2024-03-01', '2024-03-12', '');
    const tallied = await server.services.db.kysely
      .selectFrom('eventTallies')
      .select((eb) => eb.fn.sum<number | string>('n').as('n'))
      .where('deviceId', '=', devices[2])
      .executeTakeFirstOrThrow();
    expect(Number(tallied.n ?? 0)).toBe(0);
    expect(left).toBeGreaterThan(0);
  });
});
