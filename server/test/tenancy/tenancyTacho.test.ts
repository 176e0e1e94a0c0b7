/**
 * Issue 33, defect 2 and "tenancy as a rule" for the tachograph: client A uploads a driver card file bearing
 * client B's driver's card number and a vehicle unit file bearing a plate B also has; trackers of both
 * clients report the same card number. Each client sees and changes only its own files, schedules, "last
 * download", card activity and live driver rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrateTo } from '../../src/db/migrate';
import { toJson } from '../../src/db/mapping';
import { CODEC_8E, encodeAvlData, encodeTcpFrame, ioElement, ioVariable } from '../../src/protocols';
import {
  dialects,
  freshDatabase,
  insertDevice,
  startTestServer,
  userClient,
  type Client,
  type TestServer,
} from '../harness';
import { dayEpoch, type ActivityDaySpec } from '../../src/modules/tacho/ddd/testing/buildDdd';
import { API, DAY, cardFile, cardNumberOf, uploadRaw, vuFile } from '../tachoFilesFleet';
import { avlRecord, FakeTeltonika } from '../teltonikaDevice';

const DRIVERS = '/report/api.php/tacho_drivers';
const PLATE = 'LD-45-67-AB';
const VIN = 'WDB9634031L765432';
const CARD_NUMBER = 'P0000077777770';

const nowS = () => Math.floor(Date.now() / 1000);
/** The `count` UTC days before today, each with one activity from 00:00. */
const lastDays = (count: number, activity: 'rest' | 'driving'): ActivityDaySpec[] => {
  const today = dayEpoch(new Date().toISOString().slice(0, 10));
  return Array.from({ length: count }, (_, i) => ({
    day: today - (count - i) * DAY,
    distanceKm: activity === 'driving' ? 800 : 0,
    changes:
      activity === 'driving'
        ? [
            { minute: 0, activity: 'rest' as const },
            { minute: 60, activity: 'driving' as const },
          ]
        : [{ minute: 0, activity: 'rest' as const }],
  }));
};

/** 8 ASCII characters as the tracker packs them into one 8-byte IO value: last character first. */
const packed = (text: string): bigint =>
  [...text].map((c) => BigInt(c.charCodeAt(0))).reduceRight((n, b) => (n << 8n) | b, 0n);
const text = (id: number, value: string) =>
  ioVariable(id, Buffer.concat([Buffer.from([1]), Buffer.from(value, 'latin1')]));

/** One Codec 8E record reporting driver 1's card, names, state and the six counters. */
function tachoFrame(time: number, card: string, names: [string, string], state: number, counter: number) {
  const record = avlRecord({ time, lat: -8.83, lon: 13.23, ignition: true });
  record.io.push(ioElement(184, 1, state), ioElement(187, 1, 1));
  record.io.push(ioElement(195, 8, packed(card.slice(0, 8))), ioElement(196, 8, packed(card.slice(8))));
  record.io.push(text(10518, names[0]), text(10519, names[1].padEnd(12)));
  for (const id of [10530, 10528, 10509, 10522, 10524, 10526]) record.io.push(ioElement(id, 4, counter));
  return encodeTcpFrame(encodeAvlData(CODEC_8E, [record]));
}

const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id).sort((a, b) => a - b);

describe.each(dialects())('tachograph tenancy (%s)', (dialect) => {
  let server: TestServer;
  let a: Client;
  let b: Client;
  let truckA: number;
  let truckB: number;
  let driverB: number;
  const bCard = cardFile({
    cardNumber: CARD_NUMBER,
    surname: 'Bento',
    firstNames: 'Bruno',
    lastDownload: nowS() - 3600,
    days: lastDays(3, 'rest'),
  });
  const card = cardNumberOf(bCard);

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const admin = await server.admin();
    const device = async (name: string, uniqueId: string) =>
      (
        await admin.post('/api/devices', {
          name,
          uniqueId,
          attributes: { license_plate: PLATE, vin: VIN },
        })
      ).body.id as number;
    // the same plate and VIN in both fleets: each client's vehicle of its own
    truckA = await device('Camião A', '356307042441201');
    truckB = await device('Camião B', '356307042441202');
    driverB = (await admin.post('/api/drivers', { name: 'Bruno Bento', uniqueId: card })).body.id;
    const user = async (email: string, links: object[]) => {
      const u = await userClient(server, admin, {
        email,
        attributes: { permissions: ['tacho.files', 'tacho.drivers'] },
      });
      for (const link of links) await admin.post('/api/permissions', { userId: u.id, ...link });
      return u.client;
    };
    a = await user('cliente-a@tacho.local', [{ deviceId: truckA }]);
    b = await user('cliente-b@tacho.local', [{ deviceId: truckB }, { driverId: driverB }]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("keeps a file bearing another client's card number or plate away from that client's files, schedules and activity", async () => {
    const bUnit = vuFile({ vin: VIN, vrn: PLATE, downloadTime: nowS() - 7200 });
    const bUp = [
      await uploadRaw(server, b, 'b-card.ddd', bCard),
      await uploadRaw(server, b, 'b-vu.ddd', bUnit),
    ];
    expect(bUp.map((u) => u.status)).toEqual([200, 200]);
    const [bCardRow, bUnitRow] = bUp.map((u) => u.body.files[0]);
    expect(bCardRow).toMatchObject({ driverId: driverB });
    expect(bUnitRow).toMatchObject({ deviceId: truckB });
    for (const row of [bCardRow, bUnitRow])
      expect(
        (await b.put(`${API}/tacho_files/${row.id}/periodicity`, { periodicity: 'Weekly' })).status,
      ).toBe(200);
    // B's driver on B's truck, counters from the card files only (the tracker sent none)
    const t = Date.now();
    await server.services.db.kysely
      .insertInto('tachoDrivers')
      .values({
        cardNumber: card,
        name: 'BRUNO',
        surname: 'BENTO',
        deviceId: truckB,
        licensePlate: PLATE,
        slot: 1,
        lastSeen: t,
        workingState: null,
        cardPresent: null,
        counters: '{}',
        countersTime: null,
        updatedAt: t,
      })
      .execute();
    const bDriver = async () =>
      ((await b.get(DRIVERS)).body as Array<Record<string, any>>).find((r) => r.uniqueid === card);
    const countersBefore = (await bDriver())!.counters;
    const bListBefore = (await b.get(`${API}/tacho_files`)).body;

    // A forges: B's card number with three days of driving, and B's plate and VIN, both downloaded later
    const forgedCard = cardFile({
      cardNumber: CARD_NUMBER,
      surname: 'Bento',
      firstNames: 'Bruno',
      lastDownload: nowS() - 60,
      days: lastDays(3, 'driving'),
    });
    const forgedUnit = vuFile({ vin: VIN, vrn: PLATE, downloadTime: nowS() - 60 });
    const aUp = [
      await uploadRaw(server, a, 'a-card.ddd', forgedCard),
      await uploadRaw(server, a, 'a-vu.ddd', forgedUnit),
    ];
    expect(aUp.map((u) => u.status)).toEqual([200, 200]);
    const [aCardRow, aUnitRow] = aUp.map((u) => u.body.files[0]);
    // kept unlinked (A sees no driver with that card), or linked to A's own vehicle of that plate
    expect(aCardRow).toMatchObject({ driverId: null, deviceId: null, periodicity: 'Never' });
    expect(aUnitRow).toMatchObject({ deviceId: truckA, driverId: null, periodicity: 'Never' });

    // B's list, schedules and "last download" are as before; A's list holds A's files only
    expect((await b.get(`${API}/tacho_files`)).body).toEqual(bListBefore);
    expect(ids((await a.get(`${API}/tacho_files`)).body)).toEqual(ids([aCardRow, aUnitRow]));
    expect((await b.get(`${API}/tacho_file/${aCardRow.id}`)).status).toBe(404);
    expect((await a.get(`${API}/tacho_file/${bCardRow.id}`)).status).toBe(404);
    expect(
      (await a.put(`${API}/tacho_files/${bUnitRow.id}/periodicity`, { periodicity: 'Never' })).status,
    ).toBe(404);
    // A's schedule of the same plate and card is A's own
    for (const row of [aCardRow, aUnitRow])
      expect((await a.put(`${API}/tacho_files/${row.id}/periodicity`, { periodicity: 'Daily' })).status).toBe(
        200,
      );
    const bRows = new Map<number, any>((await b.get(`${API}/tacho_files`)).body.map((r: any) => [r.id, r]));
    expect(bRows.get(bCardRow.id)).toMatchObject({
      periodicity: 'Weekly',
      last_download: bCardRow.last_download,
    });
    expect(bRows.get(bUnitRow.id)).toMatchObject({
      periodicity: 'Weekly',
      last_download: bUnitRow.last_download,
    });
    const aRows = (await a.get(`${API}/tacho_files`)).body as any[];
    expect(aRows.map((r) => r.periodicity)).toEqual(['Daily', 'Daily']);

    // B's card activity (what the counters are computed from) holds none of the forged days
    expect((await bDriver())!.counters).toBe(countersBefore);
  });

  it('keeps a card reported by another client’s tracker out of that client’s driver row', async () => {
    const report = async (
      imei: string,
      names: [string, string],
      state: number,
      counter: number,
      at: number,
    ) => {
      const dev = new FakeTeltonika(server.teltonika!.tcpPort);
      expect(await dev.connect(imei)).toBe(1);
      dev.write(tachoFrame(at, 'X000000123456789', names, state, counter));
      expect((await dev.read(4)).readUInt32BE(0)).toBe(1);
      dev.close();
    };
    const row = async (client: Client) =>
      ((await client.get(DRIVERS)).body as Array<Record<string, any>>).find(
        (r) => r.uniqueid === 'X000000123456789',
      );
    const t0 = Date.now() - 120_000;
    // the records went to the drivers' tracker before they were acknowledged: wait for it to write them
    await report('356307042441202', ['BRUNO', 'BENTO'], 3, 1000, t0);
    await server.modulesIdle();
    expect(await row(b)).toBeDefined();
    // A's tracker reports the same card number later, with other names, state and counters
    await report('356307042441201', ['FORJADO', 'A'], 0, 5, t0 + 60_000);
    await server.modulesIdle();
    expect(await row(a)).toBeDefined();
    expect(await row(b)).toMatchObject({
      deviceId: truckB,
      name: 'BRUNO',
      surname: 'BENTO',
      working_state: 3,
      last_seen: new Date(t0).toISOString(),
    });
    expect(JSON.parse((await row(b))!.counters).Driver1MinimumDailyRest).toBe(1000);
    expect(await row(a)).toMatchObject({ deviceId: truckA, name: 'FORJADO', working_state: 0 });
    expect(JSON.parse((await row(a))!.counters).Driver1MinimumDailyRest).toBe(5);
  });
});

describe.each(dialects())('migration 026: tachograph data per owner (%s)', (dialect) => {
  it('gives existing files their owner, copies schedules and activity to each owner, one live row per vehicle', async () => {
    const fresh = await freshDatabase(dialect);
    const db = fresh.db;
    const k = db.kysely;
    const rows = async (query: ReturnType<typeof sql>) => (await query.execute(k)).rows as any[];
    try {
      await migrateTo(db, '025_segmentFuel');
      const dev1 = await insertDevice(db, 'V1', 'imei-1');
      const dev2 = await insertDevice(db, 'V2', 'imei-2');
      const driver = Number(
        (
          await k
            .insertInto('drivers')
            .values({ name: 'D', uniqueId: 'C1', attributes: toJson({}) })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      const file = (
        type: string,
        entity: string,
        card: string | null,
        deviceId: number | null,
        driverId: number | null,
      ) =>
        sql`INSERT INTO tacho_files (file_name, file_type, entity_key, name, card_number, device_id, driver_id,
              generation, download_date, days, file_size, sha256, created_at)
            VALUES ('f.ddd', ${type}, ${entity}, 'n', ${card}, ${deviceId}, ${driverId}, 1, 1000, 1, 10, 'x', 1)`.execute(
          k,
        );
      await file('D', 'D:C1', 'C1', null, driver);
      await file('V', 'V:VIN1', null, dev1, null);
      await file('V', 'V:VIN1', null, dev2, null);
      await sql`INSERT INTO tacho_schedules (entity_key, periodicity, updated_at)
        VALUES ('V:VIN1', 'Weekly', 1), ('D:C1', 'Daily', 1)`.execute(k);
      await sql`INSERT INTO tacho_card_activity (card_number, day, minute, activity, recorded_at)
        VALUES ('C1', 0, 0, 'rest', 5), ('C9', 0, 0, 'work', 5)`.execute(k);
      await sql`INSERT INTO tacho_drivers (card_number, device_id, last_seen, updated_at)
        VALUES ('C1', ${dev1}, 7, 7)`.execute(k);
      await sql`INSERT INTO tacho_driver_states (card_number, device_id, "time", state)
        VALUES ('C1', ${dev1}, 7, 3)`.execute(k);

      expect(await migrateTo(db, '026_tachoScope')).toEqual(['026_tachoScope']);
      expect((await rows(sql`SELECT owner_key FROM tacho_files ORDER BY id`)).map((r) => r.ownerKey)).toEqual(
        [`driver:${driver}`, `device:${dev1}`, `device:${dev2}`],
      );
      expect(
        (await rows(sql`SELECT owner_key, entity_key, periodicity FROM tacho_schedules`))
          .map((r) => `${r.ownerKey} ${r.entityKey} ${r.periodicity}`)
          .sort(),
      ).toEqual(
        [
          `device:${dev1} V:VIN1 Weekly`,
          `device:${dev2} V:VIN1 Weekly`,
          `driver:${driver} D:C1 Daily`,
        ].sort(),
      );
      expect(
        (await rows(sql`SELECT owner_key, card_number FROM tacho_card_activity`)).map(
          (r) => `${r.ownerKey} ${r.cardNumber}`,
        ),
      ).toEqual([`driver:${driver} C1`]);
      // the same card in a second vehicle is a second row; the states were kept
      await sql`INSERT INTO tacho_drivers (card_number, device_id, last_seen, updated_at)
        VALUES ('C1', ${dev2}, 9, 9)`.execute(k);
      expect(Number((await rows(sql`SELECT COUNT(*) AS n FROM tacho_drivers`))[0].n)).toBe(2);
      expect(Number((await rows(sql`SELECT COUNT(*) AS n FROM tacho_driver_states`))[0].n)).toBe(1);

      // and back: one row per card (the newest report), one schedule per entity
      expect(await migrateTo(db, '025_segmentFuel')).toEqual(['026_tachoScope']);
      expect(
        (await rows(sql`SELECT card_number, device_id FROM tacho_drivers`)).map((r) => [
          r.cardNumber,
          Number(r.deviceId),
        ]),
      ).toEqual([['C1', dev2]]);
      expect(Number((await rows(sql`SELECT COUNT(*) AS n FROM tacho_schedules`))[0].n)).toBe(2);
      expect(Number((await rows(sql`SELECT COUNT(*) AS n FROM tacho_card_activity`))[0].n)).toBe(1);
    } finally {
      await db.close();
      await fresh.drop();
    }
  });
});
