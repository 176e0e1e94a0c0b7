/**
 * The access policy (ARCHITECTURE §6) as a table: roles × entity kinds → the rows each one sees, on a real
 * SQLite database built by the project's migrations, plus the write rules of the guard (read-only and
 * temporary users never write, permissions by prefix) and the expiry check.
 *
 * The expectation table is written out by hand from the rules: a row is seen when linked directly, through
 * one of the user's groups or their sub-groups (devices by `groupId`, geofences and drivers by group links),
 * or through a user the user manages (userLimit ≠ 0), transitively; notifications only by user links; users:
 * oneself and the managed users. Rows of client A are never seen by client B and back.
 *
 * Mutations this catches (every cell is an exact set): dropping the group branch of any kind, forgetting
 * sub-groups (closure of one step), following managed users when userLimit is 0, stopping the managed-user
 * closure after one level, letting a device link reveal a geofence, driver or notification, returning
 * `undefined` ("everything") for anyone but an administrator, letting readonly/temp users write, or granting
 * `reports` to a holder of `reports.km`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testUser } from './testing/testUser';
import { isTemporaryUser } from '@frota/core';
import { openDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { fromBool, toJson } from '../db/mapping';
import { userJson, type User } from '../db/rows';
import { HttpError } from '../errors';
import { canSee, scopeFor, visibleIds, type EntityKind, type Scope } from './policy';
import { assertCanWrite, assertNotTemporary, assertPermission, isExpired } from './guard';

const KINDS: EntityKind[] = ['devices', 'groups', 'geofences', 'drivers', 'notifications', 'users'];

type Role = 'admin' | 'M' | 'M2' | 'U1' | 'U3' | 'R' | 'T' | 'X' | 'D' | 'MB' | 'UB';

/** Every row of the fixture by name; the names say whose it is (A…: client A, B…: client B, O…: nobody). */
const ROWS: Record<EntityKind, string[]> = {
  devices: ['dA1', 'dA2', 'dA3', 'dA4', 'dA5', 'dA6', 'dX', 'dD', 'dB1', 'dB2', 'dO'],
  groups: ['gA', 'gAc', 'gAcc', 'gB', 'gO'],
  geofences: ['zA1', 'zA2', 'zA3', 'zDev', 'zB1', 'zO'],
  drivers: ['drA1', 'drA2', 'drA3', 'drDev', 'drB1', 'drB2', 'drO'],
  notifications: ['nA1', 'nA3', 'nDev', 'nB1', 'nO'],
  users: ['admin', 'M', 'M2', 'U1', 'U3', 'R', 'T', 'X', 'D', 'MB', 'UB'],
};

/**
 * The expectation table. `admin` sees every row (visibleIds answers undefined).
 *   M  manager of client A: manages U1, R, T and M2 (a manager of U3)
 *   M2 manager managed by M: manages U3
 *   U1 plain user: device dA1, group gA (sub-groups gAc, gAcc), geofence zA1, driver drA1, notification nA1
 *   U3 plain user under M2: device dA5, geofence zA3, driver drA3, notification nA3
 *   R  read-only user: device dA1, geofence zA1
 *   T  temporary link (temp_ e-mail, made by M): device dA4
 *   X  userLimit 0 with a stale manager link to U1: only its own device dX
 *   D  disabled and expired user: device dD (visibility does not depend on the flags; login does)
 *   MB manager of client B: manages UB
 *   UB plain user of client B: group gB, device dB2, driver drB1, notification nB1
 */
const SEES: Record<Exclude<Role, 'admin'>, Record<EntityKind, string[]>> = {
  M: {
    devices: ['dA1', 'dA2', 'dA3', 'dA4', 'dA5', 'dA6'],
    groups: ['gA', 'gAc', 'gAcc'],
    geofences: ['zA1', 'zA2', 'zA3'],
    drivers: ['drA1', 'drA2', 'drA3'],
    notifications: ['nA1', 'nA3'],
    users: ['M', 'M2', 'U1', 'U3', 'R', 'T'],
  },
  M2: {
    devices: ['dA5'],
    groups: [],
    geofences: ['zA3'],
    drivers: ['drA3'],
    notifications: ['nA3'],
    users: ['M2', 'U3'],
  },
  U1: {
    devices: ['dA1', 'dA2', 'dA3', 'dA6'],
    groups: ['gA', 'gAc', 'gAcc'],
    geofences: ['zA1', 'zA2'],
    drivers: ['drA1', 'drA2'],
    notifications: ['nA1'],
    users: ['U1'],
  },
  U3: {
    devices: ['dA5'],
    groups: [],
    geofences: ['zA3'],
    drivers: ['drA3'],
    notifications: ['nA3'],
    users: ['U3'],
  },
  R: { devices: ['dA1'], groups: [], geofences: ['zA1'], drivers: [], notifications: [], users: ['R'] },
  T: { devices: ['dA4'], groups: [], geofences: [], drivers: [], notifications: [], users: ['T'] },
  X: { devices: ['dX'], groups: [], geofences: [], drivers: [], notifications: [], users: ['X'] },
  D: { devices: ['dD'], groups: [], geofences: [], drivers: [], notifications: [], users: ['D'] },
  MB: {
    devices: ['dB1', 'dB2'],
    groups: ['gB'],
    geofences: ['zB1'],
    drivers: ['drB1', 'drB2'],
    notifications: ['nB1'],
    users: ['MB', 'UB'],
  },
  UB: {
    devices: ['dB1', 'dB2'],
    groups: ['gB'],
    geofences: ['zB1'],
    drivers: ['drB1', 'drB2'],
    notifications: ['nB1'],
    users: ['UB'],
  },
};

const CLIENT_A: Role[] = ['M', 'M2', 'U1', 'U3', 'R', 'T', 'X', 'D'];
const CLIENT_B: Role[] = ['MB', 'UB'];
/** The rows of each client (the others are the administrator's or nobody's). */
const OWNED = {
  A: [
    ...CLIENT_A,
    ...[
      'dA1',
      'dA2',
      'dA3',
      'dA4',
      'dA5',
      'dA6',
      'dX',
      'dD',
      'gA',
      'gAc',
      'gAcc',
      'zA1',
      'zA2',
      'zA3',
      'zDev',
    ],
    ...['drA1', 'drA2', 'drA3', 'drDev', 'nA1', 'nA3', 'nDev'],
  ],
  B: [...CLIENT_B, 'dB1', 'dB2', 'gB', 'zB1', 'drB1', 'drB2', 'nB1'],
};

describe('access policy: roles × entity kinds', () => {
  let db: Db;
  /** id of every named row, by kind */
  const ids: Record<EntityKind, Map<string, number>> = Object.fromEntries(
    KINDS.map((k) => [k, new Map<string, number>()]),
  ) as Record<EntityKind, Map<string, number>>;
  const scopes = new Map<Role, Scope>();
  const users = new Map<Role, User>();
  const id = (kind: EntityKind, name: string) => ids[kind].get(name)!;

  beforeAll(async () => {
    db = openDatabase({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(db);
    const k = db.kysely;
    const b = (v: boolean) => fromBool(db.dialect, v);

    const user = async (
      name: Role,
      o: {
        admin?: boolean;
        userLimit?: number;
        readonly?: boolean;
        disabled?: boolean;
        email?: string;
        exp?: number;
      } = {},
    ) => {
      const row = await k
        .insertInto('users')
        .values({
          name,
          email: o.email ?? `${name.toLowerCase()}@policy.test`,
          readonly: b(o.readonly ?? false),
          administrator: b(o.admin ?? false),
          disabled: b(o.disabled ?? false),
          expirationTime: o.exp ?? null,
          userLimit: o.userLimit ?? 0,
          deviceLimit: -1,
          attributes: toJson({}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.users.set(name, Number(row.id));
    };
    await user('admin', { admin: true, userLimit: -1 });
    await user('M', { userLimit: 100 });
    await user('M2', { userLimit: 100 });
    await user('U1');
    await user('U3');
    await user('R', { readonly: true });
    await user('T', { email: 'temp_policylink', readonly: true });
    await user('X');
    await user('D', { disabled: true, exp: Date.UTC(2020, 0, 1) });
    await user('MB', { userLimit: 100 });
    await user('UB');

    const group = async (name: string, parent?: string) => {
      const row = await k
        .insertInto('groups')
        .values({ name, groupId: parent ? id('groups', parent) : null, attributes: toJson({}) })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.groups.set(name, Number(row.id));
    };
    await group('gA');
    await group('gAc', 'gA');
    await group('gAcc', 'gAc');
    await group('gB');
    await group('gO');

    const device = async (name: string, groupName?: string) => {
      const row = await k
        .insertInto('devices')
        .values({
          name,
          uniqueId: `policy-${name}`,
          groupId: groupName ? id('groups', groupName) : null,
          status: 'offline',
          disabled: b(false),
          attributes: toJson({}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.devices.set(name, Number(row.id));
    };
    for (const d of ['dA1', 'dA4', 'dA5', 'dX', 'dD', 'dB2', 'dO']) await device(d);
    await device('dA2', 'gA');
    await device('dA3', 'gAc');
    await device('dA6', 'gAcc');
    await device('dB1', 'gB');

    for (const name of ROWS.geofences) {
      const row = await k
        .insertInto('geofences')
        .values({ name, area: 'CIRCLE (-8.8 13.2, 100)', attributes: toJson({}) })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.geofences.set(name, Number(row.id));
    }
    for (const name of ROWS.drivers) {
      const row = await k
        .insertInto('drivers')
        .values({ name, uniqueId: `card-${name}`, attributes: toJson({}) })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.drivers.set(name, Number(row.id));
    }
    for (const name of ROWS.notifications) {
      const row = await k
        .insertInto('notifications')
        .values({ type: 'alarm', always: b(false), notificators: 'web', attributes: toJson({}) })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.notifications.set(name, Number(row.id));
    }

    const U = (n: string) => id('users', n);
    await k
      .insertInto('userUser')
      .values([
        { userId: U('M'), managedUserId: U('U1') },
        { userId: U('M'), managedUserId: U('R') },
        { userId: U('M'), managedUserId: U('T') },
        { userId: U('M'), managedUserId: U('M2') },
        { userId: U('M2'), managedUserId: U('U3') },
        // X is not a manager (userLimit 0): this stale link must give it nothing
        { userId: U('X'), managedUserId: U('U1') },
        { userId: U('MB'), managedUserId: U('UB') },
      ])
      .execute();
    await k
      .insertInto('userDevice')
      .values([
        { userId: U('U1'), deviceId: id('devices', 'dA1') },
        { userId: U('R'), deviceId: id('devices', 'dA1') },
        { userId: U('T'), deviceId: id('devices', 'dA4') },
        { userId: U('U3'), deviceId: id('devices', 'dA5') },
        { userId: U('X'), deviceId: id('devices', 'dX') },
        { userId: U('D'), deviceId: id('devices', 'dD') },
        { userId: U('UB'), deviceId: id('devices', 'dB2') },
      ])
      .execute();
    await k
      .insertInto('userGroup')
      .values([
        { userId: U('U1'), groupId: id('groups', 'gA') },
        { userId: U('UB'), groupId: id('groups', 'gB') },
      ])
      .execute();
    await k
      .insertInto('userGeofence')
      .values([
        { userId: U('U1'), geofenceId: id('geofences', 'zA1') },
        { userId: U('R'), geofenceId: id('geofences', 'zA1') },
        { userId: U('U3'), geofenceId: id('geofences', 'zA3') },
      ])
      .execute();
    await k
      .insertInto('groupGeofence')
      .values([
        { groupId: id('groups', 'gAc'), geofenceId: id('geofences', 'zA2') },
        { groupId: id('groups', 'gB'), geofenceId: id('geofences', 'zB1') },
      ])
      .execute();
    await k
      .insertInto('userDriver')
      .values([
        { userId: U('U1'), driverId: id('drivers', 'drA1') },
        { userId: U('U3'), driverId: id('drivers', 'drA3') },
        { userId: U('UB'), driverId: id('drivers', 'drB1') },
      ])
      .execute();
    await k
      .insertInto('groupDriver')
      .values([
        { groupId: id('groups', 'gA'), driverId: id('drivers', 'drA2') },
        { groupId: id('groups', 'gB'), driverId: id('drivers', 'drB2') },
      ])
      .execute();
    await k
      .insertInto('userNotification')
      .values([
        { userId: U('U1'), notificationId: id('notifications', 'nA1') },
        { userId: U('U3'), notificationId: id('notifications', 'nA3') },
        { userId: U('UB'), notificationId: id('notifications', 'nB1') },
      ])
      .execute();
    // links to a device only: they apply the row to the vehicle, they never show it to the vehicle's users
    await k
      .insertInto('deviceGeofence')
      .values({ deviceId: id('devices', 'dA1'), geofenceId: id('geofences', 'zDev') })
      .execute();
    await k
      .insertInto('deviceDriver')
      .values({ deviceId: id('devices', 'dA1'), driverId: id('drivers', 'drDev') })
      .execute();
    await k
      .insertInto('deviceNotification')
      .values({ deviceId: id('devices', 'dA1'), notificationId: id('notifications', 'nDev') })
      .execute();

    for (const role of ROWS.users as Role[]) {
      const row = await k.selectFrom('users').selectAll().where('id', '=', U(role)).executeTakeFirstOrThrow();
      const u = userJson(row);
      users.set(role, u);
      scopes.set(role, await scopeFor(db, u));
    }
  });
  afterAll(async () => {
    await db.close();
  });

  const nameOf = (kind: EntityKind, rowId: number) =>
    [...ids[kind].entries()].find(([, v]) => v === rowId)?.[0] ?? `#${rowId}`;

  /** The list action: the names of the rows the sub-query of `visibleIds` selects. */
  async function listed(role: Role, kind: EntityKind): Promise<string[] | 'all'> {
    const sub = visibleIds(db, scopes.get(role)!, kind);
    if (!sub) return 'all';
    const rows = await sub.execute();
    return rows.map((r) => nameOf(kind, Number(r.id))).sort();
  }

  it('builds the scope of each role: flags, managed users and groups with their sub-groups', () => {
    const summary = (role: Role) => {
      const s = scopes.get(role)!;
      return {
        admin: s.admin,
        temporary: s.temporary,
        users: s.userIds.map((u) => nameOf('users', u)).sort(),
        groups: s.groupIds.map((g) => nameOf('groups', g)).sort(),
      };
    };
    expect(summary('admin')).toEqual({ admin: true, temporary: false, users: ['admin'], groups: [] });
    expect(summary('M')).toEqual({
      admin: false,
      temporary: false,
      users: ['M', 'M2', 'R', 'T', 'U1', 'U3'],
      groups: ['gA', 'gAc', 'gAcc'],
    });
    expect(summary('M2')).toEqual({ admin: false, temporary: false, users: ['M2', 'U3'], groups: [] });
    expect(summary('U1')).toEqual({
      admin: false,
      temporary: false,
      users: ['U1'],
      groups: ['gA', 'gAc', 'gAcc'],
    });
    expect(summary('T')).toEqual({ admin: false, temporary: true, users: ['T'], groups: [] });
    expect(summary('X')).toEqual({ admin: false, temporary: false, users: ['X'], groups: [] });
    expect(summary('MB')).toEqual({ admin: false, temporary: false, users: ['MB', 'UB'], groups: ['gB'] });
  });

  it('lets an administrator list and open every row of every kind', async () => {
    for (const kind of KINDS) {
      expect(await listed('admin', kind), kind).toBe('all');
      for (const name of ROWS[kind])
        expect(await canSee(db, scopes.get('admin')!, kind, id(kind, name))).toBe(true);
    }
  });

  const cases = (Object.keys(SEES) as Array<Exclude<Role, 'admin'>>).flatMap((role) =>
    KINDS.map((kind) => [role, kind] as const),
  );

  it.each(cases)('%s lists exactly the expected %s', async (role, kind) => {
    expect(await listed(role, kind)).toEqual([...SEES[role][kind]].sort());
  });

  it.each(cases)('%s opens by id exactly the expected %s (every other id is hidden)', async (role, kind) => {
    const opened: string[] = [];
    for (const name of ROWS[kind])
      if (await canSee(db, scopes.get(role)!, kind, id(kind, name))) opened.push(name);
    expect(opened.sort()).toEqual([...SEES[role][kind]].sort());
  });

  it('never shows a row of client A to a user of client B, nor the other way round', async () => {
    for (const [mine, theirs] of [
      [CLIENT_A, 'B'],
      [CLIENT_B, 'A'],
    ] as const) {
      for (const role of mine)
        for (const kind of KINDS) {
          const seen = await listed(role, kind);
          expect(seen).not.toBe('all');
          const leaked = (seen as string[]).filter((n) => OWNED[theirs].includes(n));
          expect(leaked, `${role} ${kind}`).toEqual([]);
        }
    }
    // the check above is not vacuous: each side does see rows of its own
    expect(await listed('UB', 'devices')).toEqual(['dB1', 'dB2']);
    expect(await listed('U1', 'devices')).toEqual(['dA1', 'dA2', 'dA3', 'dA6']);
  });

  it('answers false for an id that does not exist, administrator included', async () => {
    for (const kind of KINDS) {
      expect(await canSee(db, scopes.get('admin')!, kind, 999_999)).toBe(false);
      expect(await canSee(db, scopes.get('M')!, kind, 999_999)).toBe(false);
    }
  });

  it('follows a new link at once: the scope of a group is read again, nothing is cached', async () => {
    const k = db.kysely;
    await k
      .insertInto('userGroup')
      .values({ userId: id('users', 'R'), groupId: id('groups', 'gAc') })
      .execute();
    try {
      const fresh = await scopeFor(db, users.get('R')!);
      const devices = visibleIds(db, fresh, 'devices')!;
      const seen = (await devices.execute()).map((r) => nameOf('devices', Number(r.id))).sort();
      expect(seen).toEqual(['dA1', 'dA3', 'dA6']);
      expect(await canSee(db, fresh, 'geofences', id('geofences', 'zA2'))).toBe(true);
      expect(await canSee(db, fresh, 'groups', id('groups', 'gA'))).toBe(false);
    } finally {
      await k
        .deleteFrom('userGroup')
        .where('userId', '=', id('users', 'R'))
        .where('groupId', '=', id('groups', 'gAc'))
        .execute();
    }
  });
});

describe('write rules of the guard: who may edit, delete or link', () => {
  const user = testUser;
  const scope = (o: Partial<User>): Scope => {
    const u = user(o);
    return {
      user: u,
      admin: u.administrator,
      temporary: isTemporaryUser(u),
      userIds: [u.id],
      groupIds: [],
    };
  };
  const status = (fn: () => void): number | 'ok' => {
    try {
      fn();
      return 'ok';
    } catch (e) {
      if (e instanceof HttpError) return e.statusCode;
      throw e;
    }
  };
  const vehicles = { attributes: { permissions: ['settings.vehicles'] } };
  const reportsKm = { attributes: { permissions: ['reports.km'] } };

  // [role, user, permission asked, expected]
  const table: Array<[string, Partial<User>, string | string[] | undefined, number | 'ok']> = [
    ['administrator, any permission', { administrator: true }, 'settings.users', 'ok'],
    ['administrator, none asked', { administrator: true }, undefined, 'ok'],
    ['read-only administrator', { administrator: true, readonly: true }, undefined, 403],
    ['plain user, none asked', {}, undefined, 'ok'],
    ['plain user without the permission', {}, 'settings.vehicles', 403],
    ['holder of settings.vehicles, same', vehicles, 'settings.vehicles', 'ok'],
    ['holder of settings.vehicles, one below it', vehicles, 'settings.vehicles.edit', 'ok'],
    ['holder of settings.vehicles, a sibling', vehicles, 'settings.vehicles_extra', 403],
    ['holder of settings.vehicles, the parent', vehicles, 'settings', 403],
    ['holder of settings.vehicles, one of two', vehicles, ['settings.users', 'settings.vehicles'], 'ok'],
    ['holder of reports.km, reports', reportsKm, 'reports', 403],
    ['read-only holder of the permission', { ...vehicles, readonly: true }, 'settings.vehicles', 403],
    ['read-only user, none asked', { readonly: true }, undefined, 403],
    ['temporary user (not flagged read-only)', { email: 'temp_abc' }, undefined, 403],
    ['temporary user holding the permission', { email: 'temp_abc', ...vehicles }, 'settings.vehicles', 403],
  ];

  it.each(table)('assertCanWrite: %s', (_name, u, permission, expected) => {
    expect(status(() => assertCanWrite(scope(u), permission))).toBe(expected);
  });

  it('names the refusal: read-only first, then the missing permissions', () => {
    expect(() => assertCanWrite(scope({ readonly: true, ...vehicles }), 'x')).toThrow('Read-only user');
    expect(() => assertCanWrite(scope({}), ['a.b', 'c'])).toThrow('Missing permission a.b or c');
  });

  it('assertPermission: temporary users get only the map, and history when allowed', () => {
    const temp = scope({ email: 'temp_x', attributes: { permissions: ['reports'] } });
    const tempHistory = scope({ email: 'temp_y', attributes: { allowHistory: true } });
    expect(status(() => assertPermission(temp, 'map'))).toBe('ok');
    expect(status(() => assertPermission(temp, 'map.online'))).toBe('ok');
    expect(status(() => assertPermission(temp, 'map.history'))).toBe(403);
    expect(status(() => assertPermission(temp, 'reports.km'))).toBe(403);
    expect(status(() => assertPermission(tempHistory, 'map.history'))).toBe('ok');
    expect(status(() => assertPermission(scope({ administrator: true }), 'anything.at.all'))).toBe('ok');
    expect(status(() => assertPermission(scope(reportsKm), 'reports.km'))).toBe('ok');
    expect(status(() => assertPermission(scope(reportsKm), 'reports.trips'))).toBe(403);
  });

  it('assertNotTemporary refuses only temp_ users', () => {
    expect(status(() => assertNotTemporary(scope({ email: 'TEMP_upper' })))).toBe(403);
    expect(status(() => assertNotTemporary(scope({ readonly: true })))).toBe('ok');
    expect(status(() => assertNotTemporary(scope({ email: 'not_temp_x@x.ao' })))).toBe('ok');
  });

  it('isExpired: no expiry never, the exact instant and later yes', () => {
    const now = Date.UTC(2025, 5, 1, 12);
    expect(isExpired({ expirationTime: null }, now)).toBe(false);
    expect(isExpired({ expirationTime: new Date(now + 1).toISOString() }, now)).toBe(false);
    expect(isExpired({ expirationTime: new Date(now).toISOString() }, now)).toBe(true);
    expect(isExpired({ expirationTime: new Date(now - 1).toISOString() }, now)).toBe(true);
  });
});

describe('managed users pass on what they manage only when they are managers (§6)', () => {
  // Fails when scopeFor follows every managed user's links: a manager then saw, through a plain user's
  // stray manager link (left when the user was a manager once), the vehicles of another client's user.
  it('a plain user under a manager adds its own rows, not those of users it was once linked to', async () => {
    const db = openDatabase({ kind: 'sqlite', file: ':memory:' });
    try {
      await migrateToLatest(db);
      const k = db.kysely;
      const user = async (name: string, userLimit: number) =>
        Number(
          (
            await k
              .insertInto('users')
              .values({
                name,
                email: `${name}@chain.test`,
                readonly: fromBool(db.dialect, false),
                administrator: fromBool(db.dialect, false),
                disabled: fromBool(db.dialect, false),
                userLimit,
                deviceLimit: -1,
                attributes: toJson({}),
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
      const device = async (name: string, owner: number) => {
        const row = await k
          .insertInto('devices')
          .values({
            name,
            uniqueId: name,
            disabled: fromBool(db.dialect, false),
            status: 'offline',
            attributes: toJson({}),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await k
          .insertInto('userDevice')
          .values({ userId: owner, deviceId: Number(row.id) })
          .execute();
        return Number(row.id);
      };
      const manager = await user('manager', 10);
      const plain = await user('plain', 0);
      const chief = await user('chief', 10);
      const other = await user('other', 0);
      const mine = await device('plain-car', plain);
      await device('other-car', other);
      const chiefs = await device('chief-car', chief);
      await k
        .insertInto('userUser')
        .values([
          { userId: manager, managedUserId: plain },
          { userId: manager, managedUserId: chief },
          // plain is no manager: its stray link gives nothing; chief is one: its users count
          { userId: plain, managedUserId: other },
          { userId: chief, managedUserId: other },
        ])
        .execute();
      const seen = async (userId: number) => {
        const row = await k
          .selectFrom('users')
          .selectAll()
          .where('id', '=', userId)
          .executeTakeFirstOrThrow();
        const scope = await scopeFor(db, userJson(row));
        const sub = visibleIds(db, scope, 'devices')!;
        return (await sub.execute()).map((r) => Number(r.id)).sort((a, b) => a - b);
      };
      const otherCar = Number(
        (await k.selectFrom('devices').select('id').where('name', '=', 'other-car').executeTakeFirstOrThrow())
          .id,
      );
      expect(await seen(manager)).toEqual([mine, otherCar, chiefs].sort((a, b) => a - b));
      // without the chief's link, the plain user's stray link alone must not reveal other-car
      await k.deleteFrom('userUser').where('userId', '=', chief).execute();
      expect(await seen(manager)).toEqual([mine, chiefs].sort((a, b) => a - b));
    } finally {
      await db.close();
    }
  });
});
