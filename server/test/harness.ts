/**
 * Test harness: a real server on a loopback port over a fresh database (a temporary SQLite file, or a
 * fresh schema in the PostgreSQL of FROTA_TEST_DATABASE_URL), and a cookie-keeping HTTP client.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freeDevicePorts, loadConfig, type Config } from '../src/config';
import { openDatabase, type Db, type Dialect } from '../src/db/database';
import { MIGRATION_LOCK_KEY } from '../src/db/migrate';
import { fromBool, toJson } from '../src/db/mapping';
import { positionRow, recordAt } from './positionRecords';
import { startServer, type RunningServer } from '../src/server';
import type { ServerModule } from '../src/manifest/serverModule';

export const ADMIN = { email: 'admin@frota.local', password: 'admin-secret-1' };

/** Databases every API test runs on: SQLite always, PostgreSQL when FROTA_TEST_DATABASE_URL is set. */
export function dialects(): Dialect[] {
  return process.env.FROTA_TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/**
 * SQLite only, whatever FROTA_TEST_DATABASE_URL says: for files that exercise only HTTP shapes, protocol
 * framing or pure logic, where the database is incidental and its SQL is the same as that of files that run
 * on both databases through `dialects()` (the list and the rule are in docs/TESTING.md).
 */
export function shapeDialects(): Dialect[] {
  return ['sqlite'];
}

export interface TestServer extends RunningServer {
  base: string;
  dialect: Dialect;
  client(): Client;
  admin(): Promise<Client>;
  close(): Promise<void>;
}

/** Creates or drops a test schema under the migrations' lock: never while another file's migrator reads the catalogue. */
async function schemaChange(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function freshDatabase(dialect: Dialect) {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'frota-test-'));
    const db = openDatabase({ kind: 'sqlite', file: join(dir, 'frota.db') });
    return { db, dir, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const url = process.env.FROTA_TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await schemaChange(url, `CREATE SCHEMA ${schema}`);
  const db = openDatabase({ kind: 'postgres', url, schema });
  const dir = mkdtempSync(join(tmpdir(), 'frota-test-'));
  return {
    db,
    dir,
    drop: async () => {
      await schemaChange(url, `DROP SCHEMA ${schema} CASCADE`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An enabled, offline vehicle row written straight to the database (tests below the API); its id. */
export async function insertDevice(db: Db, name: string, uniqueId: string): Promise<number> {
  const row = await db.kysely
    .insertInto('devices')
    .values({
      name,
      uniqueId,
      status: 'offline',
      disabled: fromBool(db.dialect, false),
      attributes: toJson({}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * A position row written straight to the database (at Luanda unless placed), optionally made the vehicle's
 * latest (devices.positionId and lastUpdate); its id.
 */
export async function insertPosition(
  db: Db,
  deviceId: number,
  fixTime: number,
  options: {
    latitude?: number;
    longitude?: number;
    speed?: number;
    course?: number;
    address?: string | null;
    attributes?: Record<string, unknown>;
    latest?: boolean;
  } = {},
): Promise<number> {
  const { latest: _latest, ...over } = options;
  const row = await db.kysely
    .insertInto('positions')
    .values(positionRow(db.dialect, recordAt(deviceId, fixTime, { latitude: -8.83, longitude: 13.23, ...over })))
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  if (options.latest)
    await db.kysely
      .updateTable('devices')
      .set({ positionId: id, lastUpdate: fixTime })
      .where('id', '=', deviceId)
      .execute();
  return id;
}

export async function startTestServer(
  dialect: Dialect,
  env: Record<string, string> = {},
  /** the modules to run instead of moduleList.ts's (a test adding a module of its own) */
  options: { modules?: readonly ServerModule[] } = {},
): Promise<TestServer> {
  const fresh = await freshDatabase(dialect);
  const config: Config = loadConfig({
    FROTA_PORT: '0',
    FROTA_HOST: '127.0.0.1',
    FROTA_DATA_DIR: fresh.dir,
    FROTA_LOG_LEVEL: 'silent',
    FROTA_ADMIN_EMAIL: ADMIN.email,
    FROTA_ADMIN_PASSWORD: ADMIN.password,
    ...freeDevicePorts(),
    FROTA_TELTONIKA_PORT: '0',
    FROTA_OSMAND_PORT: '0',
    FROTA_CAMERA_PORT: '0',
    FROTA_WEB_DIR: join(fresh.dir, 'no-web'),
    ...env,
  });
  let server: RunningServer;
  try {
    server = await startServer(config, { db: fresh.db, modules: options.modules });
  } catch (error) {
    // a server that refused to start (a bad setting) leaves no database behind
    await fresh.db.close();
    await fresh.drop();
    throw error;
  }
  const base = server.url.replace('[::1]', '127.0.0.1');
  return {
    ...server,
    base,
    dialect,
    client: () => new Client(base),
    admin: async () => {
      const c = new Client(base);
      await c.login(ADMIN.email, ADMIN.password);
      return c;
    },
    close: async () => {
      await server.stop();
      await fresh.db.close();
      await fresh.drop();
    },
  };
}

export interface Answer<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

/** A browser-like client: keeps the session cookie, sends JSON or forms. */
export class Client {
  cookie = '';
  constructor(public base: string) {}

  async request(
    method: string,
    path: string,
    body?: unknown,
    form?: Record<string, string>,
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    let payload: string | undefined;
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(form).toString();
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(this.base + path, { method, headers, body: payload, redirect: 'manual' });
    const setCookie = res.headers.getSetCookie();
    for (const c of setCookie) {
      const [pair] = c.split(';');
      const [name, value] = pair.split('=');
      if (name === 'frota_session') this.cookie = value ? `${name}=${value}` : '';
      if (/Expires=Thu, 01 Jan 1970/i.test(c)) this.cookie = '';
    }
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, body: parsed, text, headers: res.headers };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body: unknown) => this.request('POST', path, body);
  put = (path: string, body: unknown) => this.request('PUT', path, body);
  del = (path: string, body?: unknown) => this.request('DELETE', path, body);
  form = (path: string, form: Record<string, string>) => this.request('POST', path, undefined, form);

  async login(email: string, password: string): Promise<Answer> {
    return this.form('/api/session', { email, password });
  }
}

/** Creates a user as the admin and returns a client logged in as that user. */
export async function userClient(
  server: TestServer,
  admin: Client,
  fields: Record<string, unknown> & { email: string },
  password = 'user-secret-1',
): Promise<{ client: Client; id: number }> {
  const created = await admin.post('/api/users', { name: fields.email.split('@')[0], password, ...fields });
  if (created.status !== 200) throw new Error(`create user failed: ${created.status} ${created.text}`);
  const client = server.client();
  const login = await client.login(fields.email, password);
  if (login.status !== 200 && !fields.disabled)
    throw new Error(`login failed: ${login.status} ${login.text}`);
  return { client, id: created.body.id };
}
