/**
 * Login throttling through the API (fastify.inject, the client's address set as the connection's address):
 * an account's owner logs in from another address while a guessing address is refused, the administrator is
 * never locked out by failures from elsewhere, a flood of made-up names does not reset a refused address, and
 * with Redis two nodes count the same failures.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { startServer, type RunningServer } from '../../src/server';
import type { Dialect } from '../../src/db/database';
import {
  ACCOUNT_DELAY_AFTER,
  LoginThrottle,
  MAX_ADDRESS_FAILURES,
  MAX_PAIR_FAILURES,
} from '../../src/auth/throttle';
import { MemoryCounterStore } from '../../src/auth/throttleStore';
import { ADMIN, shapeDialects, freshDatabase } from '../harness';

interface Node extends RunningServer {
  close(): Promise<void>;
}

/** A server without listeners over a fresh database, driven through inject. */
async function startNode(
  dialect: Dialect,
  opts: { throttle?: LoginThrottle; env?: Record<string, string> } = {},
): Promise<Node> {
  const fresh = await freshDatabase(dialect);
  const config = loadConfig({
    FROTA_DATA_DIR: fresh.dir,
    FROTA_LOG_LEVEL: 'silent',
    FROTA_ADMIN_EMAIL: ADMIN.email,
    FROTA_ADMIN_PASSWORD: ADMIN.password,
    FROTA_WEB_DIR: join(fresh.dir, 'no-web'),
    ...opts.env,
  });
  const server = await startServer(config, { db: fresh.db, listen: false, throttle: opts.throttle });
  return {
    ...server,
    close: async () => {
      await server.stop();
      await fresh.db.close();
      await fresh.drop();
    },
  };
}

async function login(node: RunningServer, address: string, email: string, password: string) {
  const res = await node.app.inject({
    method: 'POST',
    url: '/api/session',
    remoteAddress: address,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, password }).toString(),
  });
  return res;
}

const status = async (...args: Parameters<typeof login>) => (await login(...args)).statusCode;

async function createUser(node: RunningServer, email: string, password: string) {
  const session = await login(node, '192.0.2.250', ADMIN.email, ADMIN.password);
  expect(session.statusCode).toBe(200);
  const cookie = session.cookies.find((c) => c.name === 'frota_session')!;
  const created = await node.app.inject({
    method: 'POST',
    url: '/api/users',
    remoteAddress: '192.0.2.250',
    cookies: { frota_session: cookie.value },
    payload: { name: email.split('@')[0], email, password },
  });
  expect(created.statusCode).toBe(200);
}

describe.each(shapeDialects())('login throttling through the API on %s', (dialect) => {
  let node: Node;
  beforeAll(async () => {
    node = await startNode(dialect);
    await createUser(node, 'victim@x.ao', 'right-pass');
  });
  afterAll(async () => node?.close());

  it('refuses the guessing address while the owner still logs in from a second address', async () => {
    for (let i = 0; i < MAX_PAIR_FAILURES; i++)
      expect(await status(node, '10.0.0.1', 'victim@x.ao', `bad${i}`)).toBe(401);
    const refused = await login(node, '10.0.0.1', 'victim@x.ao', 'right-pass');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Too many failed logins, try again later');
    expect(await status(node, '10.0.0.2', 'victim@x.ao', 'right-pass')).toBe(200);
    // the owner's success elsewhere does not lift the guessing address's refusal
    expect(await status(node, '10.0.0.1', 'victim@x.ao', 'right-pass')).toBe(429);
    // nor does the guessing address refuse other accounts below its own limit
    expect(await status(node, '10.0.0.1', ADMIN.email, ADMIN.password)).toBe(200);
  });

  it('never locks the administrator out through failures from other addresses, only slows the next try', async () => {
    const failures = ACCOUNT_DELAY_AFTER + 2;
    for (let i = 0; i < failures; i++)
      expect(await status(node, `10.1.0.${i}`, ADMIN.email, 'wrong')).toBe(401);
    const started = Date.now();
    expect(await status(node, '10.1.1.1', ADMIN.email, ADMIN.password)).toBe(200);
    // 250 ms doubling past ACCOUNT_DELAY_AFTER failures: 1 s here, a wait and never a refusal
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    // the guessing addresses themselves are under the pair limit and log in too
    expect(await status(node, '10.1.0.0', ADMIN.email, ADMIN.password)).toBe(200);
  });

  it('refuses an address that fails on many accounts, for every account, and only that address', async () => {
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i++)
      expect(await status(node, '10.2.0.1', `made-up-${i}@x.ao`, 'guess')).toBe(401);
    expect(await status(node, '10.2.0.1', 'victim@x.ao', 'right-pass')).toBe(429);
    expect(await status(node, '10.2.0.2', 'victim@x.ao', 'right-pass')).toBe(200);
  });
});

describe.each(shapeDialects())('a flood of made-up names through the API on %s', (dialect) => {
  const max = 50;
  let node: Node;
  beforeAll(async () => {
    node = await startNode(dialect, { throttle: new LoginThrottle(new MemoryCounterStore(max)) });
  });
  afterAll(async () => node?.close());

  it('does not reset a refused address: it is still refused afterwards', async () => {
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i++)
      expect(await status(node, '10.3.0.1', `guess-${i}@x.ao`, 'guess')).toBe(401);
    expect(await status(node, '10.3.0.1', ADMIN.email, ADMIN.password)).toBe(429);
    // Four times the store's size in made-up names, from addresses kept under their own limit, and from
    // the refused address itself.
    const names = 4 * max;
    const per = MAX_ADDRESS_FAILURES - 1;
    for (let i = 0; i < names; i++) {
      expect(await status(node, `10.4.${Math.floor(i / per)}.1`, `flood-${i}@x.ao`, 'guess')).toBe(401);
      if (i % 10 === 0) expect(await status(node, '10.3.0.1', `flood-${i}@x.ao`, 'guess')).toBe(429);
    }
    expect(await status(node, '10.3.0.1', ADMIN.email, ADMIN.password)).toBe(429);
    expect(await status(node, '10.3.0.2', ADMIN.email, ADMIN.password)).toBe(200);
  });
});

const redisUrl = process.env.FROTA_TEST_REDIS_URL;
if (!redisUrl) console.warn('skipped: login throttling across two nodes needs FROTA_TEST_REDIS_URL');

describe.skipIf(!redisUrl)('login throttling shared by two nodes through Redis', () => {
  // Names and addresses of this run only: counts in Redis outlive a run by up to 15 minutes.
  const run = randomBytes(4);
  const email = `guessed-${run.toString('hex')}@x.ao`;
  const [first, second] = [`198.18.${run[0]}.${run[1]}`, `198.19.${run[2]}.${run[3]}`];
  let a: Node;
  let b: Node;
  beforeAll(async () => {
    a = await startNode('sqlite', { env: { FROTA_REDIS_URL: redisUrl! } });
    b = await startNode('sqlite', { env: { FROTA_REDIS_URL: redisUrl! } });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    const redis = new Redis(redisUrl!);
    const keys = [`pair:${email}|${first}`, `pair:${email}|${second}`, `ip:${first}`, `ip:${second}`];
    await redis.del(...keys.map((k) => `frota:login:${k}`), `frota:login:account:${email}`);
    redis.disconnect();
  });

  it('refuses on node B a pair that failed on node A, and not the account from elsewhere', async () => {
    for (let i = 0; i < MAX_PAIR_FAILURES - 1; i++)
      expect(await status(a, first, email, `bad${i}`)).toBe(401);
    expect(await status(b, first, email, 'bad')).toBe(401);
    expect(await status(a, first, email, 'again')).toBe(429);
    expect(await status(b, first, email, 'again')).toBe(429);
    expect(await status(b, second, email, 'bad')).toBe(401);
  });
});
