/**
 * Passenger pickups (issue 22 item 2): Codec 8 records with an RFID/iButton read (IO 78), sent through the
 * real Teltonika TCP port to a vehicle with `has_passengers`, become passenger_pickups rows once committed:
 * a card repeated by the reader is one pickup, an unknown card is kept by its number, a registered driver's
 * card stays the driver and a passenger's card never replaces him. The pickups then show in the reports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestServer, type Client, type TestServer } from '../../harness';
import { FakeTeltonika, type RecordSpec } from '../../teltonikaDevice';
import { parseJson } from '../../../src/db/mapping';
import { PassengerPickupRecorder } from '../../../src/modules/passengers/pickupRecorder';

const BUS = '356307042441201';
const CAR = '356307042441202';
const DRIVER_CARD = '00000000000000D1';
const ANA_CARD = '00000000000000A1';
const UNKNOWN_CARD = '00000000000000B2';
/** 2025-03-10 08:00:00 in Luanda (UTC+1) */
const T0 = Date.UTC(2025, 2, 10, 7, 0, 0);
const DAY = { from: '2025-03-10 00:00:00', to: '2025-03-10 23:59:59' };

const rec = (s: number, card?: number): RecordSpec => ({
  time: T0 + s * 1000,
  lat: -8.8383 + s * 0.0001,
  lon: 13.2344,
  speedKmh: 20,
  ignition: true,
  io: card === undefined ? [] : [{ id: 78, size: 8, value: BigInt(card) }],
});

describe.each(dialects())('passenger pickups from Codec 8 on %s', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let bus: number;
  let car: number;
  let ana: number;

  const pickups = async () =>
    (
      await server.services.db.kysely
        .selectFrom('passengerPickups')
        .select(['deviceId', 'passengerId', 'cardId', 'time', 'latitude', 'longitude', 'address'])
        .orderBy('time')
        .orderBy('id')
        .execute()
    ).map((r) => ({ ...r, deviceId: Number(r.deviceId), time: Number(r.time), passengerId: r.passengerId }));

  const positions = async (deviceId: number) =>
    (
      await server.services.db.kysely
        .selectFrom('positions')
        .select(['fixTime', 'address', 'attributes'])
        .where('deviceId', '=', deviceId)
        .orderBy('fixTime')
        .orderBy('id')
        .execute()
    ).map((r) => ({ time: Number(r.fixTime), address: r.address, attributes: parseJson(r.attributes) }));

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    bus = (
      await admin.post('/api/devices', {
        name: 'Autocarro 1',
        uniqueId: BUS,
        attributes: { has_passengers: true, license_plate: 'LD-10-20-AB' },
      })
    ).body.id;
    car = (await admin.post('/api/devices', { name: 'Carro 1', uniqueId: CAR })).body.id;
    expect(
      (await admin.post('/api/drivers', { name: 'Carlos Motorista', uniqueId: DRIVER_CARD })).status,
    ).toBe(200);
    ana = (await admin.post('/api/passengers', { name: 'Ana Passageira', cardId: ANA_CARD.toLowerCase() }))
      .body.id;
  });
  afterAll(async () => server.close());

  it('stores one pickup per fresh card read, keeps the driver, and names unknown cards by number', async () => {
    const dev = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await dev.connect(BUS)).toBe(1);
    // the driver identifies, then Ana boards (the reader repeats her card across the two frames)
    expect(await dev.send([rec(0, 0xd1), rec(10), rec(20, 0xa1)])).toBe(3);
    // an unknown card, a record without a card, and Ana again after it: a new boarding
    expect(await dev.send([rec(30, 0xa1), rec(40, 0xb2), rec(50), rec(60, 0xa1)])).toBe(4);
    // the records went to the pickup recorder before they were acknowledged: wait for it to write them
    await server.modulesIdle();
    expect(await pickups()).toHaveLength(3);
    // the same frame again (a tracker that missed the ack): its records are older than the latest now, kept
    // for history without a pickup, and the passenger's card is not the driver there either
    expect(await dev.send([rec(30, 0xa1), rec(40, 0xb2), rec(50), rec(60, 0xa1)])).toBe(4);
    dev.close();
    await server.modulesIdle(); // whatever the resent frame made the recorder write is written
    const all = await positions(bus);
    const stored = all.filter((p, i) => i === 0 || all[i - 1].time !== p.time);
    const resent = all.filter((p, i) => i > 0 && all[i - 1].time === p.time);
    expect(
      resent.map((p) => [p.time - T0, p.attributes.driverUniqueId, p.attributes.passengerCardId]),
    ).toEqual([
      [30_000, undefined, ANA_CARD],
      [40_000, undefined, UNKNOWN_CARD],
      [50_000, undefined, undefined],
    ]);
    expect(resent.some((p) => 'passengerPickup' in p.attributes)).toBe(false);
    expect(stored.map((p) => p.attributes.driverUniqueId)).toEqual(Array(7).fill(DRIVER_CARD));
    expect(stored.map((p) => p.attributes.driver)).toEqual(Array(7).fill('Carlos Motorista'));
    expect(stored.map((p) => p.attributes.passengerCardId ?? null)).toEqual([
      null,
      null,
      ANA_CARD,
      ANA_CARD,
      UNKNOWN_CARD,
      null,
      ANA_CARD,
    ]);
    const at = (s: number) => stored.find((p) => p.time === T0 + s * 1000)!;
    expect(await pickups()).toEqual([
      {
        deviceId: bus,
        passengerId: ana,
        cardId: ANA_CARD,
        time: T0 + 20_000,
        latitude: expect.closeTo(-8.8363, 5),
        longitude: expect.closeTo(13.2344, 5),
        address: at(20).address,
      },
      {
        deviceId: bus,
        passengerId: null,
        cardId: UNKNOWN_CARD,
        time: T0 + 40_000,
        latitude: expect.closeTo(-8.8343, 5),
        longitude: expect.closeTo(13.2344, 5),
        address: at(40).address,
      },
      {
        deviceId: bus,
        passengerId: ana,
        cardId: ANA_CARD,
        time: T0 + 60_000,
        latitude: expect.closeTo(-8.8323, 5),
        longitude: expect.closeTo(13.2344, 5),
        address: at(60).address,
      },
    ]);
  });

  it('leaves card reads on a vehicle without has_passengers to the driver', async () => {
    const dev = new FakeTeltonika(server.teltonika!.tcpPort);
    expect(await dev.connect(CAR)).toBe(1);
    expect(await dev.send([rec(0, 0xa1), rec(10)])).toBe(2);
    dev.close();
    const stored = await positions(car);
    expect(stored.map((p) => p.attributes.driverUniqueId)).toEqual([ANA_CARD, ANA_CARD]);
    expect(stored.some((p) => 'passengerCardId' in p.attributes)).toBe(false);
    expect((await pickups()).filter((p) => p.deviceId === car)).toEqual([]);
  });

  it('gives an unknown card its pickups once a passenger with that card is saved', async () => {
    const bruno = await admin.post('/api/passengers', { name: 'Bruno', cardId: UNKNOWN_CARD });
    expect(bruno.status).toBe(200);
    expect((await pickups()).map((p) => p.passengerId)).toEqual([ana, bruno.body.id, ana]);
    // deleting him keeps the vehicle's history, by card number again
    expect((await admin.del(`/api/passengers/${bruno.body.id}`)).status).toBe(204);
    expect((await pickups()).map((p) => p.passengerId)).toEqual([ana, null, ana]);
  });

  it('stores an observed batch once, however often it is observed', async () => {
    const recorder = new PassengerPickupRecorder({ db: server.services.db });
    const record = {
      deviceId: bus,
      fixTime: T0 + 3_600_000,
      latitude: -8.8,
      longitude: 13.2,
      address: 'Rua A',
      attributes: { passengerCardId: ANA_CARD, passengerPickup: true },
    };
    const ignored = { ...record, fixTime: T0 + 3_601_000, attributes: { passengerCardId: ANA_CARD } };
    recorder.observe([record, ignored]);
    recorder.observe([record]);
    await recorder.idle();
    const rows = (await pickups()).filter((p) => p.time >= T0 + 3_600_000);
    expect(rows).toEqual([
      {
        deviceId: bus,
        passengerId: ana,
        cardId: ANA_CARD,
        time: T0 + 3_600_000,
        latitude: -8.8,
        longitude: 13.2,
        address: 'Rua A',
      },
    ]);
    await server.services.db.kysely
      .deleteFrom('passengerPickups')
      .where('time', '=', T0 + 3_600_000)
      .execute();
  });

  it('shows the detected pickups in both reports', async () => {
    const byVehicle = await admin.post('/report/report_passenger_vehicle.php', { devices: [bus], ...DAY });
    expect(byVehicle.status).toBe(200);
    expect(byVehicle.body).toHaveLength(1);
    const [v] = byVehicle.body;
    expect(v.title).toBe('Recolhas por veículo - Autocarro 1');
    expect(v.data.map((r: unknown[]) => r.slice(0, 4))).toEqual([
      ['10/03/2025 08:00:20', 'Ana Passageira', ANA_CARD, ''],
      ['10/03/2025 08:00:40', UNKNOWN_CARD, UNKNOWN_CARD, ''],
      ['10/03/2025 08:01:00', 'Ana Passageira', ANA_CARD, ''],
    ]);
    expect(v.footer).toEqual([['Total', '3 recolhas', '2 passageiros', '', '']]);
    const byPassenger = await admin.post('/report/report_passenger_passenger.php', {
      devices: [bus],
      passengers: [ana],
      ...DAY,
    });
    expect(byPassenger.body.map((r: { title: string }) => r.title)).toEqual([
      'Recolhas por passageiro - Ana Passageira',
    ]);
    expect(byPassenger.body[0].data.map((r: unknown[]) => r.slice(0, 3))).toEqual([
      ['10/03/2025 08:00:20', 'Autocarro 1', 'LD-10-20-AB'],
      ['10/03/2025 08:01:00', 'Autocarro 1', 'LD-10-20-AB'],
    ]);
  });
});
