/**
 * The user rules (document 1 §5, §6): what `userValues` writes for each kind of editor, the manager limit,
 * the days of temporary links in the creator's timezone, and `temporaryLinkInput`'s defaults. Expected
 * values are written by hand from the rules.
 *
 * Mutations this catches: a manager handing out a permission it lacks (or `reports.km` granting `reports`),
 * a non-administrator appointing an administrator or changing deviceLimit, a user changing its own rights
 * or permissions, a plain user appointing a manager, userLimit taken as sent instead of 100, a weak token
 * kept, a token of the wrong length generated, `>=` turned into `>` in the manager limit, a day cut in UTC
 * instead of the user's timezone (or wrong across daylight-saving changes), the history window not
 * snapped or not ordered, the permissions of a temporary link not dropped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testUser } from './testing/testUser';
import { userInput, type UserInput } from '@frota/core';
import { openDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { fromBool, toJson } from '../db/mapping';
import type { User } from '../db/rows';
import { HttpError } from '../errors';
import type { Scope } from './policy';
import { verifyPassword } from './password';
import { WEAK_TOKEN } from './tokenStrength';
import {
  assertUserLimit,
  canGrant,
  dayEnd,
  dayStart,
  temporaryLinkInput,
  TEMP_TOKEN_LENGTH,
  USER_MESSAGES,
  USER_TOKEN_LENGTH,
  userValues,
} from './userRules';

const STRONG = 'Q7v2LmX9pR4kT1wZ8bN3cY6hJ5dF0sGaEeUuIiOo';
const STRONG2 = 'zY8xW7vU6tS5rQ4pO3nM2lK1jI0hG9fEdCbAa1b2';

const user = (o: Partial<User> = {}): User => testUser({ name: 'Editor', email: 'editor@x.ao', ...o });
const scopeOf = (u: User): Scope => ({
  user: u,
  admin: u.administrator,
  temporary: u.email.startsWith('temp_'),
  userIds: [u.id],
  groupIds: [],
});
const ADMIN = scopeOf(user({ id: 1, administrator: true, userLimit: -1 }));
const MANAGER = scopeOf(
  user({ id: 2, userLimit: 100, attributes: { permissions: ['settings.users', 'reports', 'map.online'] } }),
);
const PLAIN = scopeOf(user({ id: 3, userLimit: 0, attributes: { permissions: ['reports.km'] } }));

/** A user input through the real schema (its defaults applied). */
const input = (o: Partial<UserInput> & Record<string, unknown> = {}): UserInput =>
  userInput.parse({ name: 'Ana', email: 'ana@x.ao', ...o });

const refusal = async (p: Promise<unknown>): Promise<[number, string] | 'ok'> => {
  try {
    await p;
    return 'ok';
  } catch (e) {
    if (e instanceof HttpError) return [e.statusCode, e.message];
    throw e;
  }
};

describe('canGrant: a held permission covers itself and what lies below it', () => {
  const table: Array<[string[], string, boolean]> = [
    [['reports'], 'reports', true],
    [['reports'], 'reports.km', true],
    [['reports.km'], 'reports', false],
    [['reports.km'], 'reports.kmx', false],
    [['reports'], 'reportsx', false],
    [['map.online', 'settings.users'], 'settings.users', true],
    [['settings'], 'settings.users.edit', true],
    [[], 'map', false],
    [[''], 'map', false],
  ];
  it.each(table)('%j grants %s: %s', (held, wanted, expected) => {
    expect(canGrant(held, wanted)).toBe(expected);
  });
});

describe('userValues', () => {
  let db: Db;
  beforeAll(async () => {
    db = openDatabase({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.close();
  });

  it.each([
    ['an empty name', { name: '' }, 400, USER_MESSAGES.invalidName],
    ['a blank name', { name: '   ' }, 400, USER_MESSAGES.invalidName],
    ['an e-mail without @', { email: 'ana.x.ao' }, 400, USER_MESSAGES.invalidEmail],
    ['an e-mail with a space', { email: 'ana @x.ao' }, 400, USER_MESSAGES.invalidEmail],
    ['a weak token', { token: 'abc' }, 400, WEAK_TOKEN],
    ['a long but repeated token', { token: 'T'.repeat(64) }, 400, WEAK_TOKEN],
  ] as const)('refuses %s (400)', async (_what, o, status, message) => {
    // past the schema (which would trim the name itself): userValues checks again what it is given
    const raw: UserInput = { ...input(), ...o };
    expect(await refusal(userValues(db, ADMIN, raw))).toEqual([status, message]);
  });

  it('accepts a temp_ e-mail without @ and stores e-mails trimmed and lower-case', async () => {
    expect((await userValues(db, ADMIN, input({ email: 'temp_Abc' }))).email).toBe('temp_abc');
    expect((await userValues(db, ADMIN, input({ email: '  Ana.Silva@X.AO ' }))).email).toBe('ana.silva@x.ao');
  });

  // [editor, input permissions, existing permissions, expected]
  const grants: Array<[string, Scope, string[], string[], 'ok' | string]> = [
    ['administrator, anything', ADMIN, ['settings', 'global.block'], [], 'ok'],
    ['manager, what it holds', MANAGER, ['settings.users', 'map.online'], [], 'ok'],
    ['manager, below what it holds', MANAGER, ['reports.trips', 'reports.km'], [], 'ok'],
    ['manager, one it lacks', MANAGER, ['reports.km', 'map.history'], [], 'map.history'],
    ['manager, the parent of one it holds', MANAGER, ['settings'], [], 'settings'],
    ['manager, two it lacks', MANAGER, ['global.block', 'map', 'reports'], [], 'global.block, map'],
    ['manager, one the user had before', MANAGER, ['map.history', 'reports'], ['map.history'], 'ok'],
    ['plain user, its own', PLAIN, ['reports.km'], [], 'ok'],
    ['plain user, a sibling', PLAIN, ['reports.trips'], [], 'reports.trips'],
  ];
  it.each(grants)('grants: %s', async (_what, scope, permissions, before, expected) => {
    const existing = user({ id: 50, email: 'ana@x.ao', attributes: { permissions: before } });
    const answer = await refusal(
      userValues(db, scope, input({ attributes: { permissions } }), before.length ? existing : undefined),
    );
    expect(answer).toEqual(expected === 'ok' ? 'ok' : [403, `${USER_MESSAGES.grant} ${expected}`]);
  });

  it('lets only an administrator make an administrator', async () => {
    expect(await refusal(userValues(db, MANAGER, input({ administrator: true })))).toEqual([
      403,
      USER_MESSAGES.administrator,
    ]);
    expect((await userValues(db, ADMIN, input({ administrator: true }))).administrator).toBe(true);
    // a manager editing a stored administrator keeps the flag (it cannot take it away either)
    const storedAdmin = user({ id: 60, administrator: true, userLimit: -1 });
    expect((await userValues(db, MANAGER, input({ administrator: true }), storedAdmin)).administrator).toBe(
      true,
    );
    expect((await userValues(db, MANAGER, input({ administrator: false }), storedAdmin)).administrator).toBe(
      true,
    );
    const plainStored = user({ id: 61 });
    expect((await userValues(db, MANAGER, input({ administrator: false }), plainStored)).administrator).toBe(
      false,
    );
  });

  // [what, editor, input, existing, expected userLimit]
  const limits: Array<[string, Scope, Partial<UserInput>, Partial<User> | undefined, number]> = [
    [
      'plain user grants its own reports.km',
      PLAIN,
      { attributes: { permissions: ['reports.km'] } },
      undefined,
      0,
    ],
    ['admin: settings.users', ADMIN, { attributes: { permissions: ['settings.users'] } }, undefined, 100],
    [
      'admin: settings (the whole area)',
      ADMIN,
      { attributes: { permissions: ['settings'] } },
      undefined,
      100,
    ],
    [
      'admin: settings.vehicles alone',
      ADMIN,
      { attributes: { permissions: ['settings.vehicles'] } },
      undefined,
      0,
    ],
    ['admin: the manager profile (5 sent)', ADMIN, { userLimit: 5 }, undefined, 100],
    ['admin: 0 sent', ADMIN, { userLimit: 0 }, undefined, 0],
    ['admin: none sent, a manager before', ADMIN, {}, { userLimit: 100 }, 100],
    ['admin: none sent, not a manager before', ADMIN, {}, { userLimit: 0 }, 0],
    ['admin: 0 sent to a manager', ADMIN, { userLimit: 0 }, { userLimit: 100 }, 0],
    ['manager appoints a manager', MANAGER, { userLimit: 1 }, undefined, 100],
    ['plain user cannot appoint', PLAIN, { userLimit: 100 }, undefined, 0],
    ['admin makes an administrator, none sent', ADMIN, { administrator: true }, undefined, -1],
    ['admin makes an administrator, 7 sent', ADMIN, { administrator: true, userLimit: 7 }, undefined, 7],
    ['manager edits an administrator, none sent', MANAGER, {}, { administrator: true, userLimit: 3 }, 3],
    [
      'manager edits an administrator, 9 sent',
      MANAGER,
      { userLimit: 9 },
      { administrator: true, userLimit: 3 },
      3,
    ],
    ['admin edits an administrator, none sent', ADMIN, {}, { administrator: true, userLimit: 3 }, 3],
    [
      'admin edits an administrator, 9 sent',
      ADMIN,
      { userLimit: 9 },
      { administrator: true, userLimit: 3 },
      9,
    ],
  ];
  it.each(limits)('userLimit: %s', async (_what, scope, o, existing, expected) => {
    const stored = existing ? user({ id: 70, email: 'ana@x.ao', ...existing }) : undefined;
    expect((await userValues(db, scope, input(o), stored)).userLimit).toBe(expected);
  });

  it('lets only an administrator set deviceLimit', async () => {
    const stored = user({ id: 71, deviceLimit: 4 });
    expect((await userValues(db, ADMIN, input({ deviceLimit: 9 }), stored)).deviceLimit).toBe(9);
    expect((await userValues(db, ADMIN, input({}), stored)).deviceLimit).toBe(4);
    expect((await userValues(db, ADMIN, input({}))).deviceLimit).toBe(-1);
    expect((await userValues(db, MANAGER, input({ deviceLimit: 9 }), stored)).deviceLimit).toBe(4);
    expect((await userValues(db, MANAGER, input({ deviceLimit: 9 }))).deviceLimit).toBe(-1);
  });

  it('writes the plain columns as given: phone, flags, expiry in epoch milliseconds', async () => {
    const v = await userValues(
      db,
      MANAGER,
      input({
        phone: '+244 900',
        readonly: true,
        disabled: true,
        expirationTime: '2025-03-10T12:00:00.000Z',
        attributes: { timezone: 'Europe/Lisbon' },
      }),
    );
    expect(v).toMatchObject({
      name: 'Ana',
      email: 'ana@x.ao',
      phone: '+244 900',
      readonly: true,
      disabled: true,
      administrator: false,
      expirationTime: Date.UTC(2025, 2, 10, 12),
      attributes: { timezone: 'Europe/Lisbon' },
    });
    expect((await userValues(db, MANAGER, input({}))).phone).toBeNull();
    expect((await userValues(db, MANAGER, input({}))).expirationTime).toBeNull();
  });

  it('never lets a user change its own rights, only its profile', async () => {
    const me = user({
      id: 3,
      email: 'me@x.ao',
      readonly: false,
      disabled: false,
      expirationTime: '2030-01-01T00:00:00.000Z',
      userLimit: 0,
      deviceLimit: 2,
      attributes: { permissions: ['reports.km'], language: 'pt' },
    });
    const self = scopeOf(me);
    const v = await userValues(
      db,
      self,
      input({
        name: 'Novo nome',
        email: 'novo@x.ao',
        readonly: true,
        disabled: true,
        administrator: true,
        expirationTime: null,
        userLimit: 100,
        deviceLimit: -1,
        attributes: { permissions: ['settings', 'reports'], language: 'en' },
      }),
      me,
    );
    expect(v).toMatchObject({
      name: 'Novo nome',
      email: 'novo@x.ao',
      readonly: false,
      disabled: false,
      administrator: false,
      expirationTime: Date.UTC(2030, 0, 1),
      userLimit: 0,
      deviceLimit: 2,
      attributes: { permissions: ['reports.km'], language: 'en' },
    });
  });

  it('lets an administrator edit its own rights', async () => {
    const me = user({ id: 1, administrator: true, userLimit: -1, deviceLimit: -1 });
    const v = await userValues(
      db,
      scopeOf(me),
      input({ readonly: true, administrator: true, deviceLimit: 3 }),
      me,
    );
    expect(v).toMatchObject({ readonly: true, administrator: true, deviceLimit: 3, userLimit: -1 });
  });

  it('keeps a strong token, replaces a weak stored one and generates one of the right length', async () => {
    expect((await userValues(db, ADMIN, input({ token: STRONG }))).token).toBe(STRONG);
    const weak = user({ id: 80, token: 'short' });
    // the stored weak token sent back unchanged is not refused, it is replaced
    const replaced = (await userValues(db, ADMIN, input({ token: 'short' }), weak)).token as string;
    expect(replaced).toMatch(new RegExp(`^[A-Za-z0-9]{${USER_TOKEN_LENGTH}}$`));
    const strongStored = user({ id: 81, token: STRONG });
    expect((await userValues(db, ADMIN, input({}), strongStored)).token).toBe(STRONG);
    expect((await userValues(db, ADMIN, input({ token: STRONG2 }), strongStored)).token).toBe(STRONG2);
    expect((await userValues(db, ADMIN, input({}))).token).toMatch(
      new RegExp(`^[A-Za-z0-9]{${USER_TOKEN_LENGTH}}$`),
    );
    expect((await userValues(db, ADMIN, input({ email: 'temp_link' }))).token).toMatch(
      new RegExp(`^[A-Za-z0-9]{${TEMP_TOKEN_LENGTH}}$`),
    );
  });

  it('hashes a password sent, and writes no password columns otherwise', async () => {
    const v = await userValues(db, ADMIN, input({ password: 'segredo-1' }));
    expect(await verifyPassword('segredo-1', v.hashedPassword as string, v.salt as string)).toBe(true);
    expect(await verifyPassword('segredo-2', v.hashedPassword as string, v.salt as string)).toBe(false);
    const none = await userValues(db, ADMIN, input({}));
    expect('hashedPassword' in none || 'salt' in none).toBe(false);
  });
});

describe('assertUserLimit', () => {
  let db: Db;
  let managerId: number;
  const managed: number[] = [];
  beforeAll(async () => {
    db = openDatabase({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(db);
    const add = async (email: string, userLimit: number) =>
      Number(
        (
          await db.kysely
            .insertInto('users')
            .values({
              name: email,
              email,
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
    managerId = await add('manager@x.ao', 2);
    for (const e of ['a@x.ao', 'b@x.ao']) managed.push(await add(e, 0));
  });
  afterAll(async () => {
    await db.close();
  });

  const scopeWith = (userLimit: number, administrator = false) =>
    scopeOf(user({ id: managerId, userLimit, administrator }));

  it('refuses a user that is not a manager, lets administrators and unlimited managers through', async () => {
    expect(await refusal(assertUserLimit(db, scopeWith(0)))).toEqual([403, USER_MESSAGES.manager]);
    expect(await refusal(assertUserLimit(db, scopeWith(0, true)))).toBe('ok');
    expect(await refusal(assertUserLimit(db, scopeWith(-1)))).toBe('ok');
  });

  it('counts the managed users against the limit: full at the limit, not before', async () => {
    expect(await refusal(assertUserLimit(db, scopeWith(2)))).toBe('ok');
    await db.kysely.insertInto('userUser').values({ userId: managerId, managedUserId: managed[0] }).execute();
    expect(await refusal(assertUserLimit(db, scopeWith(2)))).toBe('ok');
    expect(await refusal(assertUserLimit(db, scopeWith(1)))).toEqual([403, USER_MESSAGES.userLimit]);
    await db.kysely.insertInto('userUser').values({ userId: managerId, managedUserId: managed[1] }).execute();
    expect(await refusal(assertUserLimit(db, scopeWith(2)))).toEqual([403, USER_MESSAGES.userLimit]);
    expect(await refusal(assertUserLimit(db, scopeWith(3)))).toBe('ok');
  });
});

describe('dayStart and dayEnd in the user timezone', () => {
  const H = 3_600_000;
  // [zone, moment, expected start, expected end]
  const table: Array<[string, string, number, number, number]> = [
    // Luanda is UTC+1 all year
    [
      'Africa/Luanda noon',
      'Africa/Luanda',
      Date.UTC(2025, 2, 10, 12),
      Date.UTC(2025, 2, 9, 23),
      Date.UTC(2025, 2, 10, 23) - 1,
    ],
    // 23:30 UTC on the 9th is already 00:30 on the 10th in Luanda
    [
      'Africa/Luanda just after midnight',
      'Africa/Luanda',
      Date.UTC(2025, 2, 9, 23, 30),
      Date.UTC(2025, 2, 9, 23),
      Date.UTC(2025, 2, 10, 23) - 1,
    ],
    [
      'Africa/Luanda at 00:00 exactly',
      'Africa/Luanda',
      Date.UTC(2025, 2, 9, 23),
      Date.UTC(2025, 2, 9, 23),
      Date.UTC(2025, 2, 10, 23) - 1,
    ],
    [
      'Africa/Luanda at 23:59:59.999',
      'Africa/Luanda',
      Date.UTC(2025, 2, 10, 23) - 1,
      Date.UTC(2025, 2, 9, 23),
      Date.UTC(2025, 2, 10, 23) - 1,
    ],
    ['UTC', 'UTC', Date.UTC(2025, 2, 10, 12), Date.UTC(2025, 2, 10), Date.UTC(2025, 2, 11) - 1],
    // half-hour zone: 20:00 UTC on 1 January is 01:30 on the 2nd in India (UTC+5:30)
    [
      'Asia/Kolkata',
      'Asia/Kolkata',
      Date.UTC(2025, 0, 1, 20),
      Date.UTC(2025, 0, 1, 18, 30),
      Date.UTC(2025, 0, 2, 18, 30) - 1,
    ],
    // Lisbon's 23-hour day (summer time from 01:00 UTC on 30 March 2025)
    [
      'Europe/Lisbon spring',
      'Europe/Lisbon',
      Date.UTC(2025, 2, 30, 12),
      Date.UTC(2025, 2, 30),
      Date.UTC(2025, 2, 30, 23) - 1,
    ],
    // Lisbon's 25-hour day (back to winter time at 01:00 UTC on 26 October 2025)
    [
      'Europe/Lisbon autumn',
      'Europe/Lisbon',
      Date.UTC(2025, 9, 26, 12),
      Date.UTC(2025, 9, 25, 23),
      Date.UTC(2025, 9, 27) - 1,
    ],
    // Santiago skips 00:00-01:00 on 7 September 2025: the day starts at 01:00 (-03) = 04:00 UTC
    [
      'America/Santiago, no midnight',
      'America/Santiago',
      Date.UTC(2025, 8, 7, 16),
      Date.UTC(2025, 8, 7, 4),
      Date.UTC(2025, 8, 8, 3) - 1,
    ],
    [
      'America/Santiago, the day before',
      'America/Santiago',
      Date.UTC(2025, 8, 6, 16),
      Date.UTC(2025, 8, 6, 4),
      Date.UTC(2025, 8, 7, 4) - 1,
    ],
    // an unknown zone falls back to Luanda
    [
      'an unknown zone',
      'Not/AZone',
      Date.UTC(2025, 2, 10, 12),
      Date.UTC(2025, 2, 9, 23),
      Date.UTC(2025, 2, 10, 23) - 1,
    ],
  ];

  it.each(table)('%s', (_what, tz, at, start, end) => {
    expect(new Date(dayStart(at, tz)).toISOString()).toBe(new Date(start).toISOString());
    expect(new Date(dayEnd(at, tz)).toISOString()).toBe(new Date(end).toISOString());
  });

  it('gives the same day for every moment inside it', () => {
    const start = Date.UTC(2025, 2, 9, 23);
    for (let t = start; t < start + 24 * H; t += H) expect(dayStart(t, 'Africa/Luanda')).toBe(start);
    expect(dayStart(start - 1, 'Africa/Luanda')).toBe(start - 24 * H);
  });
});

describe('temporaryLinkInput', () => {
  const NOW = Date.UTC(2025, 2, 10, 12); // Monday 10 March 2025, 13:00 in Luanda
  const creator = scopeOf(
    user({ id: 2, userLimit: 100, attributes: { language: 'en', timezone: 'Europe/Lisbon' } }),
  );
  const luanda = scopeOf(user({ id: 2, userLimit: 100 }));
  const body = (o: Record<string, unknown> = {}) => ({ name: ' Visita ', deviceIds: [5], ...o });

  it.each([
    ['no name', { name: undefined }, USER_MESSAGES.temporaryName],
    ['a blank name', { name: '   ' }, USER_MESSAGES.temporaryName],
    ['a name that is not text', { name: 5 }, USER_MESSAGES.temporaryName],
    ['no vehicles', { deviceIds: undefined }, USER_MESSAGES.temporaryDevices],
    ['an empty vehicle list', { deviceIds: [] }, USER_MESSAGES.temporaryDevices],
    ['vehicles not in a list', { deviceIds: 5 }, USER_MESSAGES.temporaryDevices],
  ] as const)('refuses %s (400)', async (_what, o, message) => {
    expect(
      await refusal(Promise.resolve().then(() => temporaryLinkInput(luanda, body(o), undefined, NOW))),
    ).toEqual([400, message]);
  });

  it('makes a new read-only link ending 7 days later at the end of the day in the creator timezone', () => {
    const v = temporaryLinkInput(luanda, body(), undefined, NOW);
    expect(v).toMatchObject({
      name: 'Visita',
      phone: null,
      readonly: true,
      administrator: false,
      disabled: false,
      // 17 March 23:59:59.999 in Luanda (UTC+1)
      expirationTime: '2025-03-17T22:59:59.999Z',
      attributes: { language: 'pt', timezone: 'Africa/Luanda', allowHistory: false },
    });
    expect(v.email).toMatch(/^temp_[A-Za-z0-9]{30}$/);
    expect(v.password).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(v.token).toMatch(/^[A-Za-z0-9]{40}$/);
    // in Lisbon (UTC+0 in March until the 30th) the same link ends an hour later
    expect(temporaryLinkInput(creator, body(), undefined, NOW).expirationTime).toBe(
      '2025-03-17T23:59:59.999Z',
    );
  });

  it('keeps what was given: expiry, a temp_ e-mail (lower-case), password and token trimmed', () => {
    const v = temporaryLinkInput(
      luanda,
      body({
        expirationTime: '2025-04-01T10:00:00.000Z',
        email: ' TEMP_Visita ',
        password: ' segredo ',
        token: ' tok ',
      }),
      undefined,
      NOW,
    );
    expect(v).toMatchObject({
      expirationTime: '2025-04-01T10:00:00.000Z',
      email: 'temp_visita',
      password: 'segredo',
      token: 'tok',
    });
    // an e-mail that is not temp_ is replaced by a generated one
    expect(temporaryLinkInput(luanda, body({ email: 'ana@x.ao' }), undefined, NOW).email).toMatch(
      /^temp_[A-Za-z0-9]{30}$/,
    );
  });

  it('snaps the history window to whole days, in order, and drops permissions', () => {
    const v = temporaryLinkInput(
      creator,
      body({
        attributes: {
          allowHistory: 1,
          // given the wrong way round
          allowHistoryFrom: '2025-03-12T10:00:00.000Z',
          allowHistoryTo: '2025-03-08T10:00:00.000Z',
          permissions: ['settings'],
          color: 'red',
        },
      }),
      undefined,
      NOW,
    );
    expect(v.attributes).toEqual({
      language: 'en',
      timezone: 'Europe/Lisbon',
      allowHistory: true,
      allowHistoryFrom: '2025-03-08T00:00:00.000Z',
      allowHistoryTo: '2025-03-12T23:59:59.999Z',
      color: 'red',
    });
    // no window given: today, in the creator's timezone (Luanda: 9 March 23:00 UTC to 10 March 22:59:59.999)
    const today = temporaryLinkInput(luanda, body({ attributes: { allowHistory: true } }), undefined, NOW);
    expect(today.attributes).toMatchObject({
      allowHistoryFrom: '2025-03-09T23:00:00.000Z',
      allowHistoryTo: '2025-03-10T22:59:59.999Z',
    });
    // history off: the window goes
    const off = temporaryLinkInput(
      luanda,
      body({ attributes: { allowHistory: false, allowHistoryFrom: '2025-03-08T10:00:00.000Z' } }),
      undefined,
      NOW,
    );
    expect(off.attributes).toEqual({ language: 'pt', timezone: 'Africa/Luanda', allowHistory: false });
  });

  it('edits an existing link: its e-mail and token stay, no new password, its attributes under the new ones', () => {
    const existing = user({
      id: 90,
      email: 'temp_existing',
      token: 'existingtoken',
      attributes: {
        language: 'fr',
        timezone: 'Africa/Luanda',
        note: 'a',
        allowHistory: true,
        permissions: ['x'],
      },
    });
    const v = temporaryLinkInput(
      creator,
      body({ email: 'temp_other', attributes: { note: 'b', allowHistory: false } }),
      existing,
      NOW,
    );
    expect(v.email).toBe('temp_existing');
    expect(v.token).toBe('existingtoken');
    expect(v.password).toBeUndefined();
    expect(v.attributes).toEqual({
      language: 'fr',
      timezone: 'Africa/Luanda',
      note: 'b',
      allowHistory: false,
    });
    expect(temporaryLinkInput(creator, body({ token: 'new' }), existing, NOW).token).toBe('new');
  });
});
