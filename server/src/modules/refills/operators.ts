/**
 * Refill operators (document 3 §2, §3): username, password (stored as a scrypt hash with its salt, never
 * answered), name, code, phone and the alert e-mails that receive red refills posted by the operator.
 */
import { isValidEmail, normaliseEmailList } from '@frota/core';
import type { Db } from '../../db/database';
import { hashPassword } from '../../auth/password';
import { badRequest, notFound } from '../../errors';

export const USERNAME_REQUIRED = 'Nome de utilizador obrigatório';
export const USERNAME_TAKEN = 'Nome de utilizador já existe';
export const INVALID_PASSWORD = 'Password inválida';
export const OPERATOR_NAME_REQUIRED = 'Nome obrigatório';
export const INVALID_ALERT_EMAIL = 'Email inválido';
export const MIN_PASSWORD = 6;

export interface OperatorJson {
  id: number;
  username: string;
  name: string;
  code: string;
  phone: string;
  alert_emails: string;
  userId: number | null;
}

export async function listOperators(db: Db, owners: number[] | undefined): Promise<OperatorJson[]> {
  let q = db.kysely
    .selectFrom('refillOperators')
    .select(['id', 'username', 'name', 'code', 'phone', 'alertEmails', 'userId'])
    .orderBy('name')
    .orderBy('id');
  if (owners) q = q.where('userId', 'in', owners.length ? owners : [-1]);
  return (await q.execute()).map((r) => ({
    id: Number(r.id),
    username: r.username,
    name: r.name,
    code: r.code,
    phone: r.phone,
    alert_emails: r.alertEmails,
    userId: r.userId == null ? null : Number(r.userId),
  }));
}

export async function findOperator(db: Db, owners: number[] | undefined, id: number): Promise<OperatorJson> {
  const found = (await listOperators(db, owners)).find((o) => o.id === id);
  if (!found) throw notFound();
  return found;
}

const text = (v: unknown, max: number) => (v == null ? '' : String(v).trim().slice(0, max));

/**
 * The operator form. A username is unique within the caller's client (`owners`: its own users, those it
 * manages and its managers; every operator for administrators), not the server: another client's operator
 * of the same name is a different scope, and saying "taken" would tell one client about another's.
 */
export async function readOperatorInput(
  db: Db,
  owners: number[] | undefined,
  body: Record<string, unknown>,
  selfId?: number,
) {
  const username = text(body.username, 128).toLowerCase();
  if (!username) throw badRequest(USERNAME_REQUIRED);
  let q = db.kysely.selectFrom('refillOperators').select('id').where('username', '=', username);
  if (selfId) q = q.where('id', '!=', selfId);
  if (owners) q = q.where('userId', 'in', owners.length ? owners : [-1]);
  if (await q.executeTakeFirst()) throw badRequest(USERNAME_TAKEN);
  const name = text(body.name, 128);
  if (!name) throw badRequest(OPERATOR_NAME_REQUIRED);
  const password = typeof body.password === 'string' ? body.password : '';
  if ((!selfId || password) && (password.length < MIN_PASSWORD || password.length > 256))
    throw badRequest(INVALID_PASSWORD);
  const emails = normaliseEmailList(body.alert_emails ?? body.alertEmails);
  if (emails.invalid) throw badRequest(INVALID_ALERT_EMAIL);
  const hashed = password ? await hashPassword(password) : null;
  return {
    username,
    name,
    code: text(body.code, 128),
    phone: text(body.phone, 128),
    alertEmails: emails.list,
    ...(hashed ? { hashedPassword: hashed.hash, salt: hashed.salt } : {}),
  };
}

/** The operator's alert addresses (valid ones). */
export const alertAddresses = (list: string): string[] =>
  list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => isValidEmail(s));
