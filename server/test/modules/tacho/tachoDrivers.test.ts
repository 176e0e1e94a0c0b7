/**
 * Tachograph drivers (issue 20 items 1, 2, 5): Codec 8E records with the tachograph IO elements, sent over
 * the real Teltonika TCP port, change the driver's row in GET /report/api.php/tacho_drivers and are announced
 * on the live socket; counters are computed when the tracker sends none; rows follow the access policy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODEC_8E, encodeAvlData, encodeTcpFrame, ioElement, ioVariable } from '../../../src/protocols';
import { dialects, startTestServer, userClient, type Client, type TestServer } from '../../harness';
import { saveCardActivity } from '../../../src/modules/tacho/files/activityStore';
import { changesOf, openLive, type LiveClient } from '../../liveClient';
import { avlRecord, FakeTeltonika } from '../../teltonikaDevice';

const URL = '/report/api.php/tacho_drivers';
const IMEI_A = '356307042441101';
const IMEI_B = '356307042441102';
const CARD_A = '0000000111020489';
const CARD_B = '0000000222030511';

/** 8 ASCII characters as the tracker packs them into one 8-byte IO value: last character first. */
const packed = (text: string): bigint =>
  [...text].map((c) => BigInt(c.charCodeAt(0))).reduceRight((n, b) => (n << 8n) | b, 0n);
/** A tachograph text element: code page 1 (ISO-8859-1), then the characters. */
const text = (id: number, value: string) =>
  ioVariable(id, Buffer.concat([Buffer.from([1]), Buffer.from(value, 'latin1')]));

interface TachoSpec {
  time: number;
  card?: string;
  state?: number;
  names?: [string, string];
  counters?: Record<number, number>;
}

/** One Codec 8E frame: each record carries driver 1's state, and the card, names and counters when given. */
function frame(records: TachoSpec[]): Buffer {
  const avl = records.map((r) => {
    const record = avlRecord({ time: r.time, lat: -8.83, lon: 13.23, ignition: true });
    if (r.state !== undefined) record.io.push(ioElement(184, 1, r.state));
    if (r.card) {
      record.io.push(ioElement(187, 1, 1));
      record.io.push(ioElement(195, 8, packed(r.card.slice(0, 8))));
      record.io.push(ioElement(196, 8, packed(r.card.slice(8))));
    }
    if (r.names) record.io.push(text(10518, r.names[0]), text(10519, r.names[1].padEnd(12)));
    for (const [id, value] of Object.entries(r.counters ?? {}))
      record.io.push(ioElement(Number(id), 4, value));
    return record;
  });
  return encodeTcpFrame(encodeAvlData(CODEC_8E, avl));
}

async function send(dev: FakeTeltonika, records: TachoSpec[]): Promise<number> {
  dev.write(frame(records));
  return (await dev.read(4)).readUInt32BE(0);
}

const tachoMessages = (live: LiveClient) => changesOf(live.messages, 'tachoDrivers');

const row = async (client: Client, card: string) =>
  ((await client.get(URL)).body as Array<Record<string, any>>).find((r) => r.uniqueid === card);

describe.each(dialects())('tacho_drivers on %s', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let dispatcher: Client;
  let dispatcherId: number;
  let other: { client: Client; id: number };
  let deviceA: number;
  let deviceB: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    deviceA = (
      await admin.post('/api/devices', {
        name: 'Camião 1',
        uniqueId: IMEI_A,
        attributes: { license_plate: 'LD-11-22-AA' },
      })
    ).body.id;
    deviceB = (await admin.post('/api/devices', { name: 'Camião 2', uniqueId: IMEI_B })).body.id;
    const d = await userClient(server, admin, {
      email: 'despacho@x.ao',
      attributes: { permissions: ['tacho.drivers'] },
    });
    dispatcher = d.client;
    dispatcherId = d.id;
    await admin.post('/api/permissions', { userId: d.id, deviceId: deviceA });
    other = await userClient(server, admin, {
      email: 'outro@x.ao',
      attributes: { permissions: ['tacho'] },
    });
    await admin.post('/api/permissions', { userId: other.id, deviceId: deviceB });
  });
  afterAll(async () => server.close());

  it("takes the driver's card, names, state and counters from Codec 8E records and announces the change", async () => {
    const dispatcherLive = await openLive(server.base, dispatcher.cookie);
    const otherLive = await openLive(server.base, other.client.cookie);
    const dev = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await dev.connect(IMEI_A)).toBe(1);
    const t0 = Date.now() - 60_000;
    expect(
      await send(dev, [
        {
          time: t0,
          card: CARD_A,
          state: 3,
          names: ['JOÃO', 'SILVA'],
          counters: { 10530: 1500, 10528: 2700, 10509: 14_400, 10522: 10_800, 10524: 32_400, 10526: 86_400 },
        },
      ]),
    ).toBe(1);
    // the records went to the drivers' tracker before they were acknowledged: wait for it to write them
    await server.modulesIdle();
    expect(await row(dispatcher, CARD_A)).toBeDefined();
    const first = (await row(dispatcher, CARD_A))!;
    expect(first).toEqual({
      uniqueid: CARD_A,
      name: 'JOÃO',
      surname: 'SILVA',
      deviceId: deviceA,
      deviceName: 'Camião 1',
      license_plate: 'LD-11-22-AA',
      last_seen: new Date(t0).toISOString(),
      working_state: 3,
      card_present: true,
      slot: 1,
      counters: expect.any(String),
      counters_source: 'tracker',
    });
    expect(JSON.parse(first.counters)).toEqual({
      Driver1RemainingTimeUntilNextBreakOrRest: 1500,
      Driver1DurationOfNextBreakRest: 2700,
      Driver1TimeLeftUntilNewDailyRestPeriod: 14_400,
      Driver1TimeLeftUntilNewWeeklyRestPeriod: 10_800,
      Driver1MinimumDailyRest: 32_400,
      Driver1MinimumWeeklyRest: 86_400,
    });
    await dispatcherLive.until(() => tachoMessages(dispatcherLive).length > 0, 'the first announcement');
    expect(tachoMessages(dispatcherLive)[0]).toEqual({ kind: 'tachoDrivers', id: CARD_A, deviceId: deviceA });

    // a later record with the state only: the card in the slot is the one last seen there
    expect(await send(dev, [{ time: t0 + 30_000, state: 0, counters: { 10530: 0 } }])).toBe(1);
    await server.modulesIdle();
    expect((await row(dispatcher, CARD_A))?.working_state).toBe(0);
    const second = (await row(dispatcher, CARD_A))!;
    expect(second.last_seen).toBe(new Date(t0 + 30_000).toISOString());
    expect(JSON.parse(second.counters).Driver1RemainingTimeUntilNextBreakOrRest).toBe(0);
    await dispatcherLive.until(() => tachoMessages(dispatcherLive).length > 1, 'the second announcement');
    expect(tachoMessages(dispatcherLive).length).toBeGreaterThan(1);
    // the other user does not see the vehicle: neither the row nor its announcements (the hub flushed
    // them to every socket at once: what otherLive was sent came before the pong)
    await otherLive.roundTrip();
    expect(tachoMessages(otherLive)).toEqual([]);
    expect(await row(other.client, CARD_A)).toBeUndefined();
    dev.close();
    dispatcherLive.close();
    otherLive.close();
  });

  it('computes the counters from the reported states when the tracker sends none', async () => {
    const dev = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await dev.connect(IMEI_B)).toBe(1);
    // driving for 4 h 05 (a sample every 10 minutes), after a time with no data (read as rest)
    const now = Date.now();
    const start = now - (4 * 60 + 5) * 60_000;
    const records: TachoSpec[] = [];
    for (let t = start; t < now - 30_000; t += 10 * 60_000) records.push({ time: t, state: 3 });
    records.push({ time: now - 30_000, state: 3 });
    records[0] = { ...records[0], card: CARD_B, names: ['ANA', 'COSTA'] };
    expect(await send(dev, records)).toBe(records.length);
    await server.modulesIdle();
    expect(await row(other.client, CARD_B)).toBeDefined();
    const driver = (await row(other.client, CARD_B))!;
    expect(driver).toMatchObject({
      working_state: 3,
      deviceId: deviceB,
      license_plate: null,
      counters_source: 'computed',
    });
    const counters = JSON.parse(driver.counters);
    // 25 minutes of driving left before the 45-minute break (less the seconds the test took)
    expect(counters.Driver1RemainingTimeUntilNextBreakOrRest).toBeGreaterThan(25 * 60 - 120);
    expect(counters.Driver1RemainingTimeUntilNextBreakOrRest).toBeLessThanOrEqual(25 * 60);
    expect(counters.Driver1DurationOfNextBreakRest).toBe(45 * 60);
    expect(counters.Driver1MinimumDailyRest).toBe(9 * 3600);
    expect(counters.Driver1MinimumWeeklyRest).toBe(45 * 3600);
    expect(counters.Driver1TimeLeftUntilNewWeeklyRestPeriod).toBeNull();
    const states = await server.services.db.kysely
      .selectFrom('tachoDriverStates')
      .select('state')
      .where('cardNumber', '=', CARD_B)
      .execute();
    // one row per sample every 10 minutes; the last record repeats the state 4.5 minutes later: not kept
    expect(states.length).toBe(records.length - 1);
    expect(new Set(states.map((s) => Number(s.state)))).toEqual(new Set([3]));
    dev.close();
  });

  it('shows a card with the vehicle that reported it only, and searches by name or plate', async () => {
    expect(await row(other.client, CARD_A)).toBeUndefined();
    // a driver of his own bearing that card number does not open another vehicle's report to him (issue 33)
    const driver = await admin.post('/api/drivers', { name: 'João Silva', uniqueId: CARD_A });
    await admin.post('/api/permissions', { userId: other.id, driverId: driver.body.id });
    expect(await row(other.client, CARD_A)).toBeUndefined();

    const bySurname = await dispatcher.get(`${URL}?search=silva`);
    expect(bySurname.body.map((r: { uniqueid: string }) => r.uniqueid)).toEqual([CARD_A]);
    const byPlate = await dispatcher.get(`${URL}?search=ld-11`);
    expect(byPlate.body.map((r: { uniqueid: string }) => r.uniqueid)).toEqual([CARD_A]);
    expect((await dispatcher.get(`${URL}?search=costa`)).body).toEqual([]);
    const all = await admin.get(URL);
    expect(all.body.map((r: { uniqueid: string }) => r.uniqueid).sort()).toEqual([CARD_A, CARD_B].sort());
    expect((await admin.get(`${URL}?uniqueid=${CARD_B}`)).body).toHaveLength(1);
  });

  it('answers 400 on bad input, 403 without the permission, 401 without a session', async () => {
    const bad = await admin.get(`${URL}?uniqueid=${encodeURIComponent('x;drop')}`);
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/uniqueid/);
    const long = await admin.get(`${URL}?search=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.text).toMatch(/search/);
    const plain = await userClient(server, admin, {
      email: 'semtacho@x.ao',
      attributes: { permissions: ['map.online'] },
    });
    expect((await plain.client.get(URL)).status).toBe(403);
    expect((await server.client().get(URL)).status).toBe(401);
    const doc = (await server.client().get('/api/openapi.json')).body;
    const route = doc.paths['/report/api.php/tacho_drivers'].get;
    expect(route.description).toMatch(/561\/2006/);
    expect(route.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['search', 'uniqueid']);
  });

  it('keeps the row when the vehicle is deleted, without a vehicle', async () => {
    expect((await admin.del(`/api/devices/${deviceB}`)).status).toBeLessThan(300);
    const driver = (await row(admin, CARD_B))!;
    expect(driver).toMatchObject({ deviceId: null, deviceName: null, surname: 'COSTA' });
  });

  it("names a driver whose tracker sends no names after the driver registered with the card's number", async () => {
    const card = '0000000333040622';
    const driver = await admin.post('/api/drivers', { name: 'Rui Sem Nome', uniqueId: card });
    const dev = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await dev.connect(IMEI_A)).toBe(1);
    expect(await send(dev, [{ time: Date.now() - 1000, card, state: 1 }])).toBe(1);
    await server.modulesIdle();
    expect(await row(dispatcher, card)).toBeDefined();
    // a driver the dispatcher does not see names nothing for him (issue 33); once it is his, it does
    expect((await row(dispatcher, card))?.name).toBe('');
    expect((await row(admin, card))?.name).toBe('Rui Sem Nome');
    await admin.post('/api/permissions', { userId: dispatcherId, driverId: driver.body.id });
    expect(await row(dispatcher, card)).toMatchObject({
      name: 'Rui Sem Nome',
      surname: '',
      working_state: 1,
    });
    // the card left the first slot of vehicle A: the other driver's row is not touched by this record
    expect((await row(dispatcher, CARD_A))?.working_state).toBe(0);
    dev.close();
  });

  it("reads the imported card files' activity with the live states", async () => {
    const card = '0000000444050733';
    const day = 86_400;
    const today = Math.floor(Date.now() / 1000 / day) * day;
    const change = (minute: number, activity: 'rest' | 'work') => ({
      slot: 0 as const,
      crew: false,
      cardPresent: true,
      activity,
      minute,
    });
    const fileDay = (start: number, changes: ReturnType<typeof change>[]) => ({
      day: start,
      distanceKm: 0,
      presenceCounter: 1,
      changes,
    });
    // the card file: a weekly rest of 54 h ending yesterday at 06:00 UTC, then work
    await saveCardActivity(server.services.db, `device:${deviceA}`, card, [
      fileDay(today - 3 * day, [change(0, 'rest')]),
      fileDay(today - 2 * day, [change(0, 'rest')]),
      fileDay(today - day, [change(0, 'rest'), change(360, 'work')]),
    ]);
    const dev = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await dev.connect(IMEI_A)).toBe(1);
    expect(await send(dev, [{ time: Date.now() - 1000, card, state: 3 }])).toBe(1);
    await server.modulesIdle();
    expect(await row(dispatcher, card)).toBeDefined();
    const answer = (await row(dispatcher, card))!;
    expect(answer.counters_source).toBe('computed');
    const counters = JSON.parse(answer.counters);
    // the next weekly rest starts at the latest six days after the end of that one
    const expected = today - day + 6 * 3600 + 6 * day - Math.floor(Date.now() / 1000);
    expect(Math.abs(counters.Driver1TimeLeftUntilNewWeeklyRestPeriod - expected)).toBeLessThan(60);
    // after a regular weekly rest, the next may be a reduced one
    expect(counters.Driver1MinimumWeeklyRest).toBe(24 * 3600);
    dev.close();
  });

  it('keeps a reported 4 or 5 as it is (shown blank, document 3 §4), not as error 6 or not available 7', async () => {
    const card = '0000000555060844';
    const dev = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await dev.connect(IMEI_A)).toBe(1);
    const t0 = Date.now() - 60_000;
    expect(await send(dev, [{ time: t0, card, state: 4, names: ['LUÍS', 'MATOS'] }])).toBe(1);
    await server.modulesIdle();
    expect(await row(dispatcher, card)).toBeDefined();
    expect(await row(dispatcher, card)).toMatchObject({ surname: 'MATOS', working_state: 4 });
    expect(await send(dev, [{ time: t0 + 30_000, state: 5 }])).toBe(1);
    await server.modulesIdle();
    expect((await row(dispatcher, card))?.working_state).toBe(5);
    const states = await server.services.db.kysely
      .selectFrom('tachoDriverStates')
      .select('state')
      .where('cardNumber', '=', card)
      .orderBy('time')
      .execute();
    expect(states.map((s) => Number(s.state))).toEqual([4, 5]);
    dev.close();
  });
});
