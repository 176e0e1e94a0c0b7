/** Rules of document 1 §5 and §6 applied when a user (or a temporary link) is created or changed. */
import {
  isTemporaryUser,
  MANAGER_USER_LIMIT,
  permissionCovers,
  permissionList,
  userLimitFor,
  type UserInput,
  zoneOffset,
} from '@frota/core';
import type { Db } from '../db/database';
import type { Scope } from './policy';
import { hashPassword, randomToken } from './password';
import { WEAK_TOKEN, isStrongToken } from './tokenStrength';
import { fromIso, toIso } from '../db/mapping';
import { badRequest, forbidden } from '../errors';
import type { User } from '../db/rows';

type Row = Record<string, unknown>;
export const USER_TOKEN_LENGTH = 128;
export const TEMP_TOKEN_LENGTH = 40;
/** Generated e-mail (after `temp_`) and password of a temporary link. */
export const TEMP_SECRET_LENGTH = 30;
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const DEFAULT_TIMEZONE = 'Africa/Luanda';

export const USER_MESSAGES = {
  invalidName: 'Nome inválido',
  invalidEmail: 'Endereço de e-mail inválido',
  temporaryName: 'Deve preencher o nome do acesso temporário',
  temporaryDevices: 'Deve seleccionar pelo menos 1 veículo',
  grant: 'Não pode atribuir permissões que não tem:',
  administrator: 'Só um administrador pode criar administradores',
  manager: 'Sem permissão para gerir utilizadores',
  userLimit: 'Atingiu o limite de utilizadores',
} as const;

/** Whether one holding `held` may hand `wanted` to another user: what the access check grants it. */
export const canGrant = (held: string[], wanted: string): boolean =>
  held.some((h) => permissionCovers(h, wanted));

/**
 * userLimit of a user who is not an administrator (document 1 §5, §6): 100 for the manager profile, 0
 * otherwise. settings.users always makes a manager; the profile choice (a userLimit other than 0 sent, or
 * kept from before when none is sent) makes one too when the editor may appoint managers (an
 * administrator or a manager).
 */
function managerLimit(scope: Scope, input: UserInput, permissions: string[], existing?: User): number {
  const fromPermissions = userLimitFor(permissions);
  if (fromPermissions) return fromPermissions;
  const wanted = input.userLimit === undefined ? (existing?.userLimit ?? 0) !== 0 : input.userLimit !== 0;
  const mayAppoint = scope.admin || scope.user.userLimit !== 0;
  return wanted && mayAppoint ? MANAGER_USER_LIMIT : 0;
}

/** The user columns to write, with every rule applied; `existing` is the stored user when updating. */
export async function userValues(db: Db, scope: Scope, input: UserInput, existing?: User): Promise<Row> {
  if (!input.name?.trim()) throw badRequest(USER_MESSAGES.invalidName);
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email) && !isTemporaryUser({ email })) throw badRequest(USER_MESSAGES.invalidEmail);
  const self = existing?.id === scope.user.id;
  const admin = scope.admin;
  const permissions = permissionList(input);

  if (!admin && !self) {
    if (input.administrator && !existing?.administrator) throw forbidden(USER_MESSAGES.administrator);
    const held = permissionList(scope.user);
    const before = existing ? permissionList(existing) : [];
    const added = permissions.filter((p) => !canGrant(held, p) && !before.includes(p));
    if (added.length) throw forbidden(`${USER_MESSAGES.grant} ${added.join(', ')}`);
  }

  const values: Row = {
    name: input.name,
    email,
    phone: input.phone ?? null,
    attributes: input.attributes,
    readonly: input.readonly,
    disabled: input.disabled,
    administrator: admin ? input.administrator : (existing?.administrator ?? false),
    expirationTime: fromIso(input.expirationTime ?? null),
    // an administrator's limit: set by an administrator (kept when none is sent), kept by anyone else
    userLimit:
      existing?.administrator || (admin && input.administrator)
        ? admin
          ? (input.userLimit ?? existing?.userLimit ?? -1)
          : (existing?.userLimit ?? -1)
        : managerLimit(scope, input, permissions, existing),
    deviceLimit: admin ? (input.deviceLimit ?? existing?.deviceLimit ?? -1) : (existing?.deviceLimit ?? -1),
  };

  if (self && !admin) {
    // A user edits its own profile, never its own rights.
    for (const k of [
      'readonly',
      'disabled',
      'administrator',
      'expirationTime',
      'userLimit',
      'deviceLimit',
    ] as const) {
      values[k] = k === 'expirationTime' ? fromIso(existing!.expirationTime) : existing![k];
    }
    values.attributes = { ...input.attributes, permissions: existing!.attributes.permissions };
  }

  // Issue 33 point 13: a token is a credential. A new one sent must look random (else 400); one kept from
  // before that does not (set before this rule) is replaced, since it no longer logs in anyway.
  const sent = input.token || undefined;
  if (sent && sent !== existing?.token && !isStrongToken(sent)) throw badRequest(WEAK_TOKEN);
  const token = sent ?? existing?.token;
  if (isStrongToken(token)) values.token = token;
  else values.token = randomToken(isTemporaryUser({ email }) ? TEMP_TOKEN_LENGTH : USER_TOKEN_LENGTH);

  if (input.password) {
    const { hash, salt } = await hashPassword(input.password);
    values.hashedPassword = hash;
    values.salt = salt;
  }
  return values;
}

/** A manager may hold at most userLimit managed users (-1: unlimited). */
export async function assertUserLimit(db: Db, scope: Scope): Promise<void> {
  if (scope.admin) return;
  const limit = scope.user.userLimit;
  if (limit === 0) throw forbidden(USER_MESSAGES.manager);
  if (limit < 0) return;
  const row = await db.kysely
    .selectFrom('userUser')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('userId', '=', scope.user.id)
    .executeTakeFirst();
  if (Number(row?.n ?? 0) >= limit) throw forbidden(USER_MESSAGES.userLimit);
}

const DAY = 86400000;

/** Milliseconds the timezone's wall clock is ahead of UTC at `ms` (the default zone's for an unknown one). */
const zoneOffsetOf = (ms: number, tz: string): number =>
  zoneOffset(tz, ms) ?? zoneOffset(DEFAULT_TIMEZONE, ms) ?? 0;

/** 00:00:00.000 of the day holding `ms` in the timezone. */
export function dayStart(ms: number, tz: string): number {
  const local = ms + zoneOffsetOf(ms, tz);
  const midnight = Math.floor(local / DAY) * DAY;
  return midnight - zoneOffsetOf(midnight - zoneOffsetOf(ms, tz), tz);
}

/** 23:59:59.999 of the day holding `ms` in the timezone. */
export function dayEnd(ms: number, tz: string): number {
  return dayStart(dayStart(ms, tz) + DAY + 3 * 3600000, tz) - 1;
}

export interface TemporaryLinkBody {
  name?: unknown;
  email?: unknown;
  password?: unknown;
  token?: unknown;
  expirationTime?: unknown;
  attributes?: Record<string, unknown>;
  deviceIds?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

const timezoneOf = (scope: Scope): string =>
  typeof scope.user.attributes.timezone === 'string' ? scope.user.attributes.timezone : DEFAULT_TIMEZONE;

/**
 * Document 1 §5 for temporary links: a name and at least one vehicle; expiry by default at the end of the
 * day 7 days from now; the history window snapped to whole days (in the creator's timezone); a generated
 * `temp_` e-mail and password of 30 characters and a 40-character token for a new link. Answers the user
 * input to store.
 */
export function temporaryLinkInput(
  scope: Scope,
  body: TemporaryLinkBody,
  existing?: User,
  now = Date.now(),
): UserInput & { password?: string } {
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!name) throw badRequest(USER_MESSAGES.temporaryName);
  if (!Array.isArray(body.deviceIds) || body.deviceIds.length === 0)
    throw badRequest(USER_MESSAGES.temporaryDevices);
  const tz = timezoneOf(scope);
  const given = fromIso(body.expirationTime as string | number | null | undefined);
  const expiration = given ?? dayEnd(now + 7 * DAY, tz);
  const attributes: Record<string, unknown> = {
    language: scope.user.attributes.language ?? 'pt',
    timezone: tz,
    ...(existing?.attributes ?? {}),
    ...(body.attributes ?? {}),
  };
  delete attributes.permissions;
  const allowHistory = Boolean(attributes.allowHistory);
  attributes.allowHistory = allowHistory;
  if (allowHistory) {
    const from = fromIso(attributes.allowHistoryFrom as string) ?? now;
    const to = fromIso(attributes.allowHistoryTo as string) ?? now;
    attributes.allowHistoryFrom = toIso(dayStart(Math.min(from, to), tz));
    attributes.allowHistoryTo = toIso(dayEnd(Math.max(from, to), tz));
  } else {
    delete attributes.allowHistoryFrom;
    delete attributes.allowHistoryTo;
  }
  const email = text(body.email).toLowerCase();
  return {
    name,
    email:
      existing?.email ?? (isTemporaryUser({ email }) ? email : `temp_${randomToken(TEMP_SECRET_LENGTH)}`),
    password: existing ? undefined : text(body.password) || randomToken(TEMP_SECRET_LENGTH),
    phone: null,
    readonly: true,
    administrator: false,
    disabled: false,
    expirationTime: toIso(expiration),
    token: text(body.token) || existing?.token || randomToken(TEMP_TOKEN_LENGTH),
    attributes,
  };
}
