/**
 * The alert central's list (eventSearch.ts over eventList.ts, fleet.ts and eventRows.ts), its counter
 * (`countEvents`: whole UTC days from the daily tallies kept by triggers, the partial days at the ends
 * counted from the events) and the status workflow (eventStatus.ts, eventAccess.ts), on a real SQLite
 * database built by the migrations.
 *
 * The fixture (times in Luanda, UTC+1; the period 10-12 March 2025 is [9 Mar 23:00Z, 12 Mar 23:00Z)):
 *   V1 "Camião 1" group Norte, plate LD-01-00-AA, own driver João (CARD-J, phone +244 911)
 *   V2 "Carrinha" no group, no plate, no driver; V3 "Outro" group Sul, which the user does not see
 *   e1  V1 alarm sos         10 Mar 08:00  position with card CARD-A (Ana)
 *   e2  V1 deviceOverspeed   10 Mar 23:30  100 km/h, limit 80, zone Escola, no position
 *   e3  V2 geofenceEnter     11 Mar 00:30  (still the 10th in UTC) zone Escola
 *   e4  V2 alarm seatbelt    11 Mar 12:00  (listed only with global.alert_seatbelt_lights)
 *   e5  V3 alarm sos         11 Mar 09:00
 *   e6  V2 deviceFuelDrop    12 Mar 10:00  a private position, drop 12.34
 *   e7  V2 ignitionOn        11 Mar 10:00  (not an alert central type)
 *   e8  V1 alarm hardBraking 12 Mar 23:59:59 (the last second of the period)
 *   e9  V1 alarm sos         13 Mar 00:00  (the first second after it)
 *   e10 V2 alarm lowBattery  10 Mar 00:00  (its first second) position with a card nobody holds (CARD-Z)
 *   e11 V1 blockRequest       9 Mar 23:59:59 (before it)
 * Expected ids and totals are written out by hand from that table.
 *
 * Mutations this catches: the period's end made inclusive or its start exclusive, days cut in UTC, a
 * type the user may not list let through by the type filter, another client's vehicle listed (or not 404),
 * the driver filter forgetting the vehicle's own driver or the unknown cards of "others", the search made
 * case-sensitive, paging or sorting ignored, the count reading only the tallies (the partial end days
 * would be off) or the tallies not following a status change, a private position's place shown, the
 * later status row overwritten by an earlier one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kmhToKnots } from '@frota/core';
import { openDatabase, type Db } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { fromBool, toJson } from '../../db/mapping';
import { userJson } from '../../db/rows';
import { scopeFor, type Scope } from '../../auth/policy';
import { HttpError } from '../../errors';
import { zoneFor } from '../../track/timezone';
import { visibleEvent } from './eventAccess';
import { listedVehicles } from './eventList';
import type { AlertEvent } from './eventRows';
import { MAX_UNPAGED, searchEvents, type EventsQuery } from './eventSearch';
import { changeStatus, statusHistory } from './eventStatus';
import type { Fleet, FleetVehicle } from './fleet';

const LUANDA = zoneFor('Africa/Luanda');
const at = (day: number, h: number, m = 0, s = 0) => LUANDA.toUtc(2025, 3, day, h, m, s);
const STATUS_TIME = Date.UTC(2025, 2, 13, 9);

describe('alert central: list, filters, count and status', () => {
  let db: Db;
  let user: Scope;
  let admin: Scope;
  const ids: Record<string, number> = {};
  /** event ids by name (e1 … e11) */
  const e: Record<string, number> = {};

  const search = (scope: Scope, q: Partial<EventsQuery> = {}, from = '2025-03-10', to = '2025-03-12') =>
    searchEvents(db, scope, from, to, { offset: 0, sort: 'eventTime', order: 'desc', ...q });
  /** the names of the events of an answer, in order */
  const names = (events: AlertEvent[]) =>
    events.map((x) => Object.entries(e).find(([, id]) => id === x.id)?.[0] ?? `#${x.id}`);
  const listed = async (q: Partial<EventsQuery>, scope = user) =>
    names((await search(scope, q)) as AlertEvent[]);
  /** the page and the counter (limit given: { total, data }) */
  const paged = async (q: Partial<EventsQuery>, scope = user) => {
    const answer = (await search(scope, { limit: 1000, ...q })) as { total: number; data: AlertEvent[] };
    return { total: answer.total, names: names(answer.data) };
  };

  beforeAll(async () => {
    db = openDatabase({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(db);
    const k = db.kysely;
    const b = (v: boolean) => fromBool(db.dialect, v);
    const one = async (p: Promise<{ id: number | bigint }>) => Number((await p).id);

    for (const name of ['Norte', 'Sul'])
      ids[name] = await one(
        k
          .insertInto('groups')
          .values({ name, attributes: toJson({}) })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
    const device = async (name: string, groupId: number | null, attributes: Record<string, unknown>) =>
      one(
        k
          .insertInto('devices')
          .values({
            name,
            uniqueId: `alerts-${name}`,
            groupId,
            status: 'offline',
            disabled: b(false),
            attributes: toJson(attributes),
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
    ids.V1 = await device('Camião 1', ids.Norte, { license_plate: 'LD-01-00-AA' });
    ids.V2 = await device('Carrinha', null, {});
    ids.V3 = await device('Outro', ids.Sul, {});
    const driver = async (name: string, uniqueId: string, attributes: Record<string, unknown> = {}) =>
      one(
        k
          .insertInto('drivers')
          .values({ name, uniqueId, attributes: toJson(attributes) })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
    ids.joao = await driver('João', 'CARD-J', { phone: ' +244 911 ' });
    ids.ana = await driver('Ana', 'CARD-A');
    await k
      .insertInto('groupDriver')
      .values([
        { groupId: ids.Norte, driverId: ids.joao },
        { groupId: ids.Norte, driverId: ids.ana },
      ])
      .execute();
    await k.insertInto('deviceDriver').values({ deviceId: ids.V1, driverId: ids.joao }).execute();
    ids.escola = await one(
      k
        .insertInto('geofences')
        .values({ name: 'Escola', area: 'CIRCLE (-8.8 13.2, 500)', attributes: toJson({}) })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const person = async (name: string, administrator: boolean, attributes: Record<string, unknown>) =>
      one(
        k
          .insertInto('users')
          .values({
            name,
            email: `${name.toLowerCase()}@alerts.test`,
            readonly: b(false),
            administrator: b(administrator),
            disabled: b(false),
            userLimit: 0,
            deviceLimit: -1,
            attributes: toJson(attributes),
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
    ids.user = await person('Gestor', false, { timezone: 'Africa/Luanda', permissions: ['module.events'] });
    ids.admin = await person('Admin', true, { timezone: 'Africa/Luanda' });
    await k.insertInto('userGroup').values({ userId: ids.user, groupId: ids.Norte }).execute();
    await k.insertInto('userDevice').values({ userId: ids.user, deviceId: ids.V2 }).execute();

    const position = async (
      deviceId: number,
      time: number,
      attributes: Record<string, unknown>,
      address: string,
    ) =>
      one(
        k
          .insertInto('positions')
          .values({
            deviceId,
            protocol: 'test',
            serverTime: time,
            deviceTime: time,
            fixTime: time,
            valid: b(true),
            latitude: -8.8,
            longitude: 13.2,
            altitude: 0,
            speed: 20,
            course: 0,
            accuracy: 0,
            address,
            event: null,
            attributes: toJson(attributes),
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
    const p1 = await position(ids.V1, at(10, 8), { driverUniqueId: 'CARD-A' }, 'Rua A');
    const p2 = await position(ids.V2, at(11, 0, 30), {}, 'Rua B');
    const p3 = await position(ids.V2, at(12, 10), { privacy: true }, 'Casa');
    const p4 = await position(ids.V2, at(10, 0), { driverUniqueId: 'CARD-Z' }, 'Rua D');

    const event = async (
      name: string,
      deviceId: number,
      type: string,
      time: number,
      attributes: Record<string, unknown> = {},
      positionId: number | null = null,
      geofenceId: number | null = null,
    ) => {
      e[name] = await one(
        k
          .insertInto('events')
          .values({ type, eventTime: time, deviceId, positionId, geofenceId, attributes: toJson(attributes) })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
    };
    await event('e1', ids.V1, 'alarm', at(10, 8), { alarm: 'sos' }, p1);
    await event(
      'e2',
      ids.V1,
      'deviceOverspeed',
      at(10, 23, 30),
      { speed: kmhToKnots(100), speedLimit: kmhToKnots(80) },
      null,
      ids.escola,
    );
    await event('e3', ids.V2, 'geofenceEnter', at(11, 0, 30), {}, p2, ids.escola);
    await event('e4', ids.V2, 'alarm', at(11, 12), { alarm: 'seatbelt' });
    await event('e5', ids.V3, 'alarm', at(11, 9), { alarm: 'sos' });
    await event('e6', ids.V2, 'deviceFuelDrop', at(12, 10), { fuelDrop: 12.34 }, p3);
    await event('e7', ids.V2, 'ignitionOn', at(11, 10));
    await event('e8', ids.V1, 'alarm', at(12, 23, 59, 59), { alarm: 'hardBraking' });
    await event('e9', ids.V1, 'alarm', at(13, 0), { alarm: 'sos' });
    await event('e10', ids.V2, 'alarm', at(10, 0), { alarm: 'lowBattery' }, p4);
    await event('e11', ids.V1, 'blockRequest', at(9, 23, 59, 59));

    const load = async (id: number) =>
      userJson(await k.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
    user = await scopeFor(db, await load(ids.user));
    admin = await scopeFor(db, await load(ids.admin));

    // statuses: e1 in progress then solved, e3 in progress
    const e1 = await visibleEvent(db, user, e.e1);
    await changeStatus(db, user, e1, 1, 'a caminho', STATUS_TIME);
    await changeStatus(db, user, e1, 2, 'feito', STATUS_TIME + 60_000);
    await changeStatus(db, user, await visibleEvent(db, user, e.e3), 1, '', STATUS_TIME);
  });
  afterAll(async () => {
    await db.close();
  });

  it('lists the period newest first: only the alert types, vehicles and days the user may see', async () => {
    expect(await listed({})).toEqual(['e8', 'e6', 'e3', 'e2', 'e1', 'e10']);
    // the administrator sees every vehicle and holds the seatbelt permission
    expect(await listed({}, admin)).toEqual(['e8', 'e6', 'e4', 'e5', 'e3', 'e2', 'e1', 'e10']);
  });

  it('cuts the period at local midnights: the first and the last second are in, the next is out', async () => {
    expect(await listed({})).toContain('e10');
    expect(names((await search(user, {}, '2025-03-13', '2025-03-13')) as AlertEvent[])).toEqual(['e9']);
    expect(names((await search(user, {}, '2025-03-09', '2025-03-09')) as AlertEvent[])).toEqual(['e11']);
    // e3 is at 23:30 UTC on the 10th, but 00:30 on the 11th in Luanda
    expect(names((await search(user, {}, '2025-03-11', '2025-03-11')) as AlertEvent[])).toEqual(['e3']);
  });

  /** [what, the query (given the ids of the fixture), the events expected] */
  const filters: Array<[string, (id: Record<string, number>) => Partial<EventsQuery>, string[]]> = [
    ['status solved', () => ({ status: '2' }), ['e1']],
    ['status to solve', () => ({ status: '0' }), ['e8', 'e6', 'e2', 'e10']],
    ['two statuses', () => ({ status: '1, 2' }), ['e3', 'e1']],
    ['two types', () => ({ type: 'alarmsos,deviceOverspeed' }), ['e2', 'e1']],
    ['a type the user may not list', () => ({ type: 'alarmseatbelt' }), []],
    ['a type that is not listed at all', () => ({ type: 'ignitionOn' }), []],
    ['one vehicle', (id) => ({ device: String(id.V2) }), ['e6', 'e3', 'e10']],
    ['vehicles in no group', () => ({ group: '0' }), ['e6', 'e3', 'e10']],
    ['group Norte', (id) => ({ group: String(id.Norte) }), ['e8', 'e2', 'e1']],
    ['driver Ana (her card)', (id) => ({ driver: String(id.ana) }), ['e1']],
    ["driver João (the vehicle's own, no card)", (id) => ({ driver: String(id.joao) }), ['e8', 'e2']],
    [
      'no known driver: no card nor own driver, or a card nobody holds',
      () => ({ driver: '0' }),
      ['e6', 'e3', 'e10'],
    ],
    ['Ana or nobody', (id) => ({ driver: `0,${id.ana}` }), ['e6', 'e3', 'e1', 'e10']],
    ['search a vehicle name, any case', () => ({ search: 'CAMIÃO' }), ['e8', 'e2', 'e1']],
    ['search a plate', () => ({ search: 'ld-01' }), ['e8', 'e2', 'e1']],
    ['search a driver name', () => ({ search: 'ana' }), ['e1']],
    ['search a driver phone', () => ({ search: '911' }), ['e8', 'e2']],
    ['search nothing found', () => ({ search: 'zzz' }), []],
    ['search blank', () => ({ search: '   ' }), ['e8', 'e6', 'e3', 'e2', 'e1', 'e10']],
    ['status and vehicle together', (id) => ({ status: '0', device: String(id.V2) }), ['e6', 'e10']],
  ];

  it.each(filters)('filters: %s', async (_what, query, expected) => {
    const q = query(ids);
    expect(await listed(q)).toEqual(expected);
    // the counter agrees with the list, whatever the filter
    expect(await paged(q)).toEqual({ total: expected.length, names: expected });
  });

  it('answers 404 for a vehicle the user does not see, and nothing for a group it does not see', async () => {
    await expect(search(user, { device: String(ids.V3) })).rejects.toMatchObject({ statusCode: 404 });
    expect(await listed({ group: String(ids.Sul) })).toEqual([]);
    expect(await listed({ group: String(ids.Sul) }, admin)).toEqual(['e5']);
  });

  it('pages: offset and limit, with the total of every matching event', async () => {
    expect(await paged({ limit: 2, offset: 1 })).toEqual({ total: 6, names: ['e6', 'e3'] });
    expect(await paged({ limit: 2, offset: 6 })).toEqual({ total: 6, names: [] });
    expect(await paged({ limit: 3 }, admin)).toEqual({ total: 8, names: ['e8', 'e6', 'e4'] });
  });

  it('sorts by the fields of the answer, ties by id in the same order', async () => {
    expect(await listed({ sort: 'eventTime', order: 'asc' })).toEqual(['e10', 'e1', 'e2', 'e3', 'e6', 'e8']);
    // Camião 1 before Carrinha
    expect(await listed({ sort: 'deviceName', order: 'asc' })).toEqual(['e1', 'e2', 'e8', 'e3', 'e6', 'e10']);
    expect(await listed({ sort: 'lastStatusId', order: 'desc' })).toEqual([
      'e1',
      'e3',
      'e10',
      'e8',
      'e6',
      'e2',
    ]);
    await expect(search(user, { sort: 'nope' })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('counts across whole and partial UTC days alike (tallies and events)', async () => {
    // three local days: UTC days 10 and 11 from the tallies, 23:00-24:00 on the 9th and the 12th exactly
    expect((await paged({}, admin)).total).toBe(8);
    // one local day holds no whole UTC day: counted from the events
    const day11 = (await search(admin, { limit: 10 }, '2025-03-11', '2025-03-11')) as { total: number };
    expect(day11.total).toBe(3); // e3 (23:30Z on the 10th), e5, e4
    const month = (await search(admin, { limit: 1 }, '2025-03-01', '2025-03-31')) as { total: number };
    expect(month.total).toBe(10); // every alert central type: all but e7
  });

  it('describes the events: vehicle, driver, status, place and details', async () => {
    const all = (await search(user, {})) as AlertEvent[];
    const byName = (name: string) => all.find((x) => x.id === e[name])!;
    expect(byName('e1')).toEqual({
      id: e.e1,
      eventTime: '2025-03-10T07:00:00.000Z',
      eventType: 'alarmsos',
      details: '',
      groupId: ids.Norte,
      deviceId: ids.V1,
      deviceName: 'Camião 1',
      deviceLicensePlate: 'LD-01-00-AA',
      driverId: ids.ana,
      driverName: 'Ana',
      driverPhone: null,
      lastStatusId: 2,
      lastStatusName: 'Resolvido',
      lastStatusUser: 'Gestor',
      lastStatusDetails: 'feito',
      latitude: -8.8,
      longitude: 13.2,
      fixTime: '2025-03-10T07:00:00.000Z',
      address: 'Rua A',
      speed: 20,
    });
    expect(byName('e2')).toMatchObject({
      eventType: 'deviceOverspeed',
      details: '100 km/h (limite 80 km/h) · Escola',
      driverId: ids.joao,
      driverName: 'João',
      driverPhone: '+244 911',
      lastStatusId: 0,
      lastStatusName: 'Por resolver',
      lastStatusUser: null,
      lastStatusDetails: null,
      latitude: null,
      fixTime: null,
      address: null,
    });
    expect(byName('e2').speed).toBeCloseTo(kmhToKnots(100), 9);
    expect(byName('e3')).toMatchObject({
      details: 'Escola',
      groupId: null,
      deviceLicensePlate: null,
      driverId: null,
      driverName: null,
      lastStatusName: 'Em resolução',
      lastStatusDetails: '',
      address: 'Rua B',
    });
    // a card nobody holds: the bare card
    expect(byName('e10')).toMatchObject({ driverId: null, driverName: 'CARD-Z' });
    // a private position: its time stays, not where it was, nor the speed or the details
    expect(byName('e6')).toMatchObject({
      details: '',
      latitude: null,
      longitude: null,
      address: null,
      speed: null,
      fixTime: '2025-03-12T09:00:00.000Z',
    });
    const forAdmin = ((await search(admin, {})) as AlertEvent[]).find((x) => x.id === e.e6)!;
    expect(forAdmin).toMatchObject({ details: 'Queda de 12.3', address: 'Casa', speed: 20, latitude: -8.8 });
  });

  it('keeps the status history newest first, with who and when', async () => {
    expect(await statusHistory(db, e.e1)).toEqual([
      {
        id: expect.any(Number),
        status: 2,
        date: new Date(STATUS_TIME + 60_000).toISOString(),
        user: 'Gestor',
        details: 'feito',
      },
      {
        id: expect.any(Number),
        status: 1,
        date: new Date(STATUS_TIME).toISOString(),
        user: 'Gestor',
        details: 'a caminho',
      },
    ]);
    expect(await statusHistory(db, e.e2)).toEqual([]);
  });

  it('never lets an earlier status row overwrite a later one as the last status', async () => {
    const k = db.kysely;
    // e7 is never listed: a later history row already set its last status (another save committed first)
    await k
      .updateTable('events')
      .set({ lastStatus: 3, lastStatusRow: 1_000_000 })
      .where('id', '=', e.e7)
      .execute();
    const change = await changeStatus(db, user, await visibleEvent(db, user, e.e7), 1, 'tarde', STATUS_TIME);
    expect(change).toEqual({
      eventId: e.e7,
      deviceId: ids.V2,
      status: 1,
      user: 'Gestor',
      details: 'tarde',
      date: new Date(STATUS_TIME).toISOString(),
    });
    const row = await k
      .selectFrom('events')
      .select(['lastStatus', 'lastStatusRow'])
      .where('id', '=', e.e7)
      .executeTakeFirstOrThrow();
    expect({ lastStatus: Number(row.lastStatus), lastStatusRow: Number(row.lastStatusRow) }).toEqual({
      lastStatus: 3,
      lastStatusRow: 1_000_000,
    });
    expect((await statusHistory(db, e.e7)).map((h) => h.status)).toEqual([1]);
  });

  it('opens an event by id only when the user sees its vehicle', async () => {
    expect(await visibleEvent(db, user, e.e1)).toMatchObject({
      id: e.e1,
      type: 'alarm',
      alertType: 'alarmsos',
      deviceId: ids.V1,
      positionId: expect.any(Number),
      geofenceId: null,
      attributes: { alarm: 'sos' },
      lastStatus: 2,
      driverUniqueId: 'CARD-A',
    });
    const refused = await visibleEvent(db, user, e.e5).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(404);
    expect((await visibleEvent(db, admin, e.e5)).alertType).toBe('alarmsos');
  });

  it('caps an answer without a limit', () => {
    expect(MAX_UNPAGED).toBe(100_000);
  });
});

describe('listedVehicles', () => {
  const vehicle = (id: number, groupId: number | null): FleetVehicle => ({
    id,
    name: `V${id}`,
    plate: null,
    groupId,
    assignedDriver: null,
  });
  const fleet = {
    vehicles: new Map([5, 3, 9].map((id) => [id, vehicle(id, id === 9 ? null : 1)])),
    drivers: [],
    driverByCard: new Map(),
  } as Fleet;

  it.each<[string, boolean, number[] | undefined, number[] | undefined, number[] | undefined]>([
    ['an administrator without filters: every vehicle', true, undefined, undefined, undefined],
    ['a user without filters: the vehicles it sees, sorted', false, undefined, undefined, [3, 5, 9]],
    ['an administrator with a vehicle filter', true, [5, 42], undefined, [5]],
    ['group 1', false, undefined, [1], [3, 5]],
    ['group 0: vehicles in no group', false, undefined, [0], [9]],
    ['a vehicle outside the group asked', false, [9], [1], []],
  ])('%s', (_what, admin, device, group, expected) => {
    expect(listedVehicles(fleet, admin, device, group)).toEqual(expected);
  });
});
