/**
 * The operator app's own authentication scope (issue 18 point 3): an operator logs in with username and
 * password and receives a bearer token. The token is stored hashed in `refill_operator_sessions` and is read
 * only by the `refill_app/*` routes: it is not a user session, so every other route answers 401 to it, and
 * the app routes answer 401 to a user's cookie. Logins share the users' throttle (under their own keys).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../services/context';
import type { Scope } from '../../auth/policy';
import { scopeFor } from '../../auth/policy';
import { loadUser, isExpired } from '../../auth/guard';
import { hashPassword, verifyPassword } from '../../auth/password';
import { HttpError, unauthorized } from '../../errors';

export const OPERATOR_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
export const OPERATOR_LOGIN_FAILED = 'Utilizador ou password inválidos';
const throttleKey = (username: string) => `refill-operator:${username.trim().toLowerCase()}`;
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export interface OperatorSession {
  operator: { id: number; username: string; name: string; code: string; alertEmails: string; userId: number };
  /** what the operator's client (the user who owns the operator) sees: its vehicles, stations, drivers */
  client: Scope;
}

export async function operatorLogin(
  services: Services,
  username: string,
  password: string,
  address: string,
): Promise<{
  token: string;
  expiresAt: number;
  operator: { id: number; username: string; name: string; code: string };
}> {
  const { db, throttle } = services;
  const key = throttleKey(username);
  if (await throttle.isRefused(key, address))
    throw new HttpError(429, 'Too many failed logins, try again later');
  const wait = await throttle.delayMs(key);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const row = await matchingOperator(services, username, password);
  if (!row) {
    await throttle.fail(key, address);
    throw unauthorized(OPERATOR_LOGIN_FAILED);
  }
  await throttle.succeed(key, address);
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const expiresAt = now + OPERATOR_TOKEN_TTL_MS;
  await db.kysely
    .insertInto('refillOperatorSessions')
    .values({ id: digest(token), operatorId: Number(row.id), createdAt: now, expiresAt })
    .execute();
  return {
    token,
    expiresAt,
    operator: { id: Number(row.id), username: row.username, name: row.name, code: row.code },
  };
}

let decoyHash: Promise<[string, string]> | undefined;
const decoy = () =>
  (decoyHash ??= hashPassword(randomBytes(16).toString('hex')).then((h): [string, string] => [
    h.hash,
    h.salt,
  ]));

/**
 * Usernames are unique within a client, not the server (issue 33), so one username may name operators of
 * several clients. The password is tried against each of them (all of them, so the time taken does not
 * tell how many there are); exactly one must accept it. Two operators of two clients sharing both the
 * username and the password cannot tell which client is meant: the login is refused as a wrong password,
 * never opened on the wrong client. An operator whose creator is gone has no scope and never logs in.
 */
async function matchingOperator(services: Services, username: string, password: string) {
  const rows = await services.db.kysely
    .selectFrom('refillOperators')
    .selectAll()
    .where('username', '=', username.trim().toLowerCase())
    .where('userId', 'is not', null)
    .orderBy('id')
    .execute();
  // no operator of that name: the same scrypt work, so the answer's time does not say whether one exists
  if (!rows.length) await verifyPassword(password, ...(await decoy()));
  const accepted = [];
  for (const row of rows)
    if (await verifyPassword(password, row.hashedPassword, row.salt)) accepted.push(row);
  return accepted.length === 1 ? accepted[0] : null;
}

const bearer = (req: FastifyRequest): string | null => {
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,128})$/.exec(req.headers.authorization ?? '');
  return m ? m[1] : null;
};

/** The operator of the request's bearer token, with its client's scope; 401 otherwise. */
export async function requireOperator(services: Services, req: FastifyRequest): Promise<OperatorSession> {
  const token = bearer(req);
  if (!token) throw unauthorized('Unauthorized');
  const { db } = services;
  const row = await db.kysely
    .selectFrom('refillOperatorSessions')
    .innerJoin('refillOperators', 'refillOperators.id', 'refillOperatorSessions.operatorId')
    .select([
      'refillOperators.id',
      'refillOperators.username',
      'refillOperators.name',
      'refillOperators.code',
      'refillOperators.alertEmails',
      'refillOperators.userId',
      'refillOperatorSessions.expiresAt',
    ])
    .where('refillOperatorSessions.id', '=', digest(token))
    .executeTakeFirst();
  if (!row || Number(row.expiresAt) <= Date.now() || row.userId == null) throw unauthorized('Unauthorized');
  const user = await loadUser(services, Number(row.userId));
  // an operator of a disabled or expired client is refused with it
  if (!user || user.disabled || isExpired(user)) throw unauthorized('Unauthorized');
  const { hashedPassword: _h, salt: _s, ...clean } = user;
  return {
    operator: {
      id: Number(row.id),
      username: row.username,
      name: row.name,
      code: row.code,
      alertEmails: row.alertEmails,
      userId: Number(row.userId),
    },
    client: await scopeFor(db, clean),
  };
}

export async function operatorLogout(services: Services, req: FastifyRequest): Promise<void> {
  const token = bearer(req);
  if (token)
    await services.db.kysely.deleteFrom('refillOperatorSessions').where('id', '=', digest(token)).execute();
}
