/** The simulator against a real server: records go through the Teltonika and OsmAnd ports and are committed. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeDevicePorts, loadConfig } from '../../../server/src/config';
import { fromBool, toJson } from '../../../server/src/db/mapping';
import { startServer, type RunningServer } from '../../../server/src/server';
import { startSimulator } from './run';
import { demoDriverKey } from '../demoDrivers';
import { DEMO_SCHOOL_BUS_INDEXES, demoPassengerCard, passengersOfBus } from './demoFleet';

const IDS = ['356307042440000', '356307042440001', '356307042440002'];
const PHONE = 'simulated-phone-1';
/** a fleet up to the first school bus (fleet index 4), which carries passengers */
const BUS_FLEET = Array.from({ length: DEMO_SCHOOL_BUS_INDEXES[0] + 1 }, (_, i) =>
  String(356307042440100 + i),
);
const BUS = BUS_FLEET.at(-1)!;

describe('simulator against a real server', () => {
  let server: RunningServer;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'frota-sim-'));
    server = await startServer(
      loadConfig({
        FROTA_PORT: '0',
        FROTA_HOST: '127.0.0.1',
        FROTA_DATA_DIR: dir,
        ...freeDevicePorts(),
        FROTA_TELTONIKA_PORT: '0',
        FROTA_OSMAND_PORT: '0',
        FROTA_CAMERA_PORT: '0',
        FROTA_LOG_LEVEL: 'silent',
        FROTA_ADMIN_PASSWORD: 'simulator-test',
        FROTA_WEB_DIR: join(dir, 'no-web'),
      }),
    );
    const { db } = server.services;
    await db.kysely
      .insertInto('devices')
      .values(
        [...IDS, PHONE, ...BUS_FLEET].map((uniqueId, i) => ({
          name: `Viatura ${i}`,
          uniqueId,
          groupId: null,
          category: uniqueId === BUS ? 'bus' : 'car',
          phone: null,
          model: null,
          contact: null,
          disabled: fromBool(db.dialect, false),
          status: 'offline',
          lastUpdate: null,
          positionId: null,
          attributes: toJson(uniqueId === BUS ? { has_passengers: 1 } : {}),
        })),
      )
      .execute();
    // the bus driver's own card stays the driver's (before the first record loads the drivers)
    await db.kysely
      .insertInto('drivers')
      .values({
        name: 'Motorista',
        uniqueId: demoDriverKey(DEMO_SCHOOL_BUS_INDEXES[0]),
        attributes: toJson({}),
      })
      .execute();
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const positionsOf = async (uniqueId: string) => {
    const k = server.services.db.kysely;
    const rows = await k
      .selectFrom('positions')
      .innerJoin('devices', 'devices.id', 'positions.deviceId')
      .select(['positions.latitude', 'positions.longitude', 'positions.fixTime', 'positions.attributes'])
      .where('devices.uniqueId', '=', uniqueId)
      .orderBy('positions.fixTime')
      .execute();
    return rows.map((r) => ({
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      fixTime: Number(r.fixTime),
      attributes: JSON.parse(String(r.attributes)) as Record<string, unknown>,
    }));
  };

  const nearLuanda = (p: { latitude: number; longitude: number }) =>
    p.latitude > -9.0 && p.latitude < -8.75 && p.longitude > 13.15 && p.longitude < 13.4;

  /**
   * Lets the simulator run until `enough` holds of the stored records. Polled: the simulator announces no
   * record, and the socket only each frame's latest position (a bounded poll of rows, no fixed wait; the
   * simulator's own clock runs on the wall clock by design).
   */
  const runUntil = (enough: () => Promise<boolean>, timeout = 60_000) =>
    expect.poll(enough, { timeout, interval: 100 }).toBe(true);

  it('drives vehicles through the Teltonika port; every acknowledged record is committed', async () => {
    const sim = startSimulator({
      devices: IDS.length,
      protocol: 'teltonika',
      host: '127.0.0.1',
      port: server.teltonika!.tcpPort,
      ids: IDS,
      speedup: 1200,
      historyHours: 6,
      maxBatch: 25,
      seed: 1,
    });
    // about an hour of simulated time for every vehicle (3 s at x1200)
    await runUntil(async () => {
      for (const id of IDS) {
        const positions = await positionsOf(id);
        if (positions.length < 20 || positions.at(-1)!.fixTime - positions[0].fixTime < 3_000_000)
          return false;
      }
      return true;
    });
    await sim.stop();
    const stats = sim.stats();
    expect(stats.errors).toBe(0);
    expect(stats.records).toBeGreaterThan(IDS.length * 20);

    let committed = 0;
    for (const id of IDS) {
      const positions = await positionsOf(id);
      committed += positions.length;
      expect(positions.length).toBeGreaterThanOrEqual(20);
      expect(positions.every(nearLuanda)).toBe(true);
      expect(positions.every((p) => typeof p.attributes.ignition === 'boolean')).toBe(true);
      expect(positions.every((p) => typeof p.attributes.odometer === 'number')).toBe(true);
      expect(
        positions.every((p) => p.attributes.rssi !== undefined && p.attributes.power !== undefined),
      ).toBe(true);
      // about an hour of simulated time (3 s at x1200), never in the future
      expect(positions.at(-1)!.fixTime - positions[0].fixTime).toBeGreaterThanOrEqual(3_000_000);
      expect(positions.at(-1)!.fixTime).toBeLessThanOrEqual(Date.now());
    }
    expect(committed).toBe(stats.records);
  });

  it('reports through the OsmAnd port as a phone app', async () => {
    const sim = startSimulator({
      devices: 1,
      protocol: 'osmand',
      host: '127.0.0.1',
      port: server.osmand!.port,
      ids: [PHONE],
      speedup: 600,
      historyHours: 2,
      maxBatch: 25,
      seed: 2,
    });
    await runUntil(async () => (await positionsOf(PHONE)).length >= 10);
    await sim.stop();
    expect(sim.stats().errors).toBe(0);
    const positions = await positionsOf(PHONE);
    expect(positions.length).toBeGreaterThanOrEqual(10);
    expect(positions.length).toBe(sim.stats().records);
    expect(positions.every(nearLuanda)).toBe(true);
    expect(positions.every((p) => typeof p.attributes.ignition === 'boolean')).toBe(true);
  });

  it('backs off when the server refuses an unknown device', async () => {
    const lines: string[] = [];
    let logged!: () => void;
    const rejectedLine = new Promise<void>((resolve) => (logged = resolve));
    const sim = startSimulator(
      {
        devices: 1,
        protocol: 'teltonika',
        host: '127.0.0.1',
        port: server.teltonika!.tcpPort,
        ids: ['999999999999999'],
        speedup: 1,
        historyHours: 0,
        maxBatch: 25,
        seed: 3,
      },
      {
        log: (line) => {
          lines.push(line);
          if (/server rejected IMEI/.test(line)) logged();
        },
      },
    );
    // the refusal is logged as it is counted: wait for the line
    await rejectedLine;
    expect(sim.stats()).toMatchObject({ records: 0, rejected: 1, errors: 1 });
    expect(lines.join('\n')).toMatch(/999999999999999: server rejected IMEI/);
    expect(sim.status()).toMatch(/rejected 1/);
    await sim.stop();
  });

  it('reads passengers cards on the school bus at its stops: pickups through the real Teltonika port', async () => {
    const { db } = server.services;
    // a card names a passenger whose owner sees the bus (issue 33): the administrator's
    const owner = await db.kysely
      .selectFrom('users')
      .select('id')
      .where('administrator', '=', fromBool(db.dialect, true))
      .executeTakeFirstOrThrow();
    const holder = await db.kysely
      .insertInto('passengers')
      .values({
        name: 'Ana',
        cardId: demoPassengerCard(0),
        groupId: null,
        phone: '',
        notes: '',
        attributes: toJson({}),
        userId: Number(owner.id),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sim = startSimulator({
      devices: BUS_FLEET.length,
      protocol: 'teltonika',
      host: '127.0.0.1',
      port: server.teltonika!.tcpPort,
      ids: BUS_FLEET,
      speedup: 3600,
      historyHours: 8,
      maxBatch: 25,
      seed: 4,
      allDay: true,
    });
    const pickupsOfBus = () =>
      db.kysely
        .selectFrom('passengerPickups')
        .innerJoin('devices', 'devices.id', 'passengerPickups.deviceId')
        .select(['passengerPickups.cardId', 'passengerPickups.time', 'passengerPickups.passengerId'])
        .where('devices.uniqueId', '=', BUS)
        .orderBy('passengerPickups.time')
        .execute();
    await runUntil(async () => (await pickupsOfBus()).length >= 3);
    await sim.stop();
    // pickups are written after the records are committed: the recorder is done with every record
    await server.modulesIdle();
    expect(sim.stats().errors).toBe(0);
    const positions = await positionsOf(BUS);
    const pickups = await pickupsOfBus();
    const own = passengersOfBus(DEMO_SCHOOL_BUS_INDEXES[0]).map(demoPassengerCard);
    expect(pickups.length).toBeGreaterThanOrEqual(3);
    expect(pickups.every((p) => own.includes(p.cardId))).toBe(true);
    // each pickup is a record at a stop; the driver stays the bus's own
    const byTime = new Map(positions.map((p) => [p.fixTime, p]));
    for (const pickup of pickups) {
      const at = byTime.get(Number(pickup.time))!;
      expect(at.attributes).toMatchObject({
        passengerCardId: pickup.cardId,
        passengerPickup: true,
        motion: false,
      });
      expect(at.attributes.driverUniqueId).toBe(demoDriverKey(DEMO_SCHOOL_BUS_INDEXES[0]));
    }
    expect(
      pickups
        .filter((p) => p.cardId === demoPassengerCard(0))
        .every((p) => Number(p.passengerId) === Number(holder.id)),
    ).toBe(true);
    // the other vehicles carry no passengers
    const others = await db.kysely.selectFrom('passengerPickups').select('deviceId').distinct().execute();
    expect(others).toHaveLength(1);
  });
});
