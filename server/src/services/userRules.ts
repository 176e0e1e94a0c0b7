/** Rules of document 1 §5 and §6 applied when a user (or a temporary link) is created or changed. */
import { isTemporaryUser, permissionList, userLimitFor, type UserInput } from '@frota/core';
import type { Db } from '../db/database';
import type { Scope } from '../auth/policy';
import { hashPassword, randomToken } from '../auth/password';
import { fromIso } from '../db/mapping';
import { badRequest, forbidden } from './errors';
import type { User } from './rows';

type Row = Record<string, unknown>;
export const USER_TOKEN_LENGTH = 128;
export const TEMP_TOKEN_LENGTH = 40;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** The user columns to write, with every rule applied; `existing` is the stored user when updating. */
export async function userValues(db: Db, scope: Scope, input: UserInput, existing?: User): Promise<Row> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email) && !isTemporaryUser({ email })) throw badRequest('Invalid email');
  const self = existing?.id === scope.user.id;
  const admin = scope.admin;
  const permissions = permissionList(input);

  if (!admin && !self) {
    if (input.administrator && !existing?.administrator)
      throw forbidden('Only administrators can create administrators');
    const held = new Set(permissionList(scope.user));
    const added = permissions.filter(
      (p) => !held.has(p) && !(existing && permissionList(existing).includes(p)),
    );
    if (added.length) throw forbidden(`Cannot grant permissions you do not hold: ${added.join(', ')}`);
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
    userLimit:
      existing?.administrator || (admin && input.administrator)
        ? (input.userLimit ?? -1)
        : userLimitFor(permissions),
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

  if (input.token) values.token = input.token;
  else if (!existing?.token)
    values.token = randomToken(isTemporaryUser({ email }) ? TEMP_TOKEN_LENGTH : USER_TOKEN_LENGTH);

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
  if (limit === 0) throw forbidden('Manager access required');
  if (limit < 0) return;
  const row = await db.kysely
    .selectFrom('userUser')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('userId', '=', scope.user.id)
    .executeTakeFirst();
  if (Number(row?.n ?? 0) >= limit) throw forbidden('User limit reached');
}
