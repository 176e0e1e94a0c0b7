/**
 * Issue 33, points 6, 7, 13, 14 and the empty token call of 19: outbound mail has a budget, credentials end
 * when they should, a user's token is a strong random credential whose logins are throttled, cross-site
 * writes are refused, and an empty POST /api/session/token works. Over real HTTP, SMTP and WebSocket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import WebSocket from 'ws';
import { randomToken } from '../../src/auth/password';
import { MAIL_LIMITED } from '../../src/auth/mailBudget';
import { CROSS_SITE_REFUSED } from '../../src/auth/originCheck';
import { WEAK_TOKEN } from '../../src/auth/tokenStrength';
import { fromBool, toJson } from '../../src/db/mapping';
import { ADMIN, dialects, startTestServer, userClient, type Client, type TestServer } from '../harness';
import { insertPosition } from '../fixtures';
import { decodeQp, startSmtpCapture } from '../smtpCapture';

const API = '/report/api.php';
const DAY = 86_400_000;

interface Sent {
  status: number;
  text: string;
  cookie?: string;
}

/** One request with the headers a browser (or a forger) would send. */
async function send(
  base: string,
  method: string,
  path: string,
  opts: {
    cookie?: string;
    headers?: Record<string, string>;
    json?: unknown;
    form?: Record<string, string>;
  } = {},
): Promise<Sent> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: string | undefined;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  const res = await fetch(base + path, { method, headers, body, redirect: 'manual' });
  const set = res.headers.getSetCookie().find((c) => c.startsWith('frota_session='));
  return { status: res.status, text: await res.text(), cookie: set?.split(';')[0] };
}

/** Opens /api/socket; answers 'open' or the HTTP status the upgrade was refused with. */
function socketAnswer(base: string, cookie: string, origin?: string): Promise<'open' | number> {
  const ws = new WebSocket(base.replace(/^http/, 'ws') + '/api/socket', {
    headers: { cookie, ...(origin ? { origin } : {}) },
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      ws.close();
      resolve('open');
    });
    ws.once('unexpected-response', (req, res) => {
      resolve(res.statusCode ?? 0);
      res.destroy();
      req.destroy();
    });
    ws.once('error', reject);
  });
}

describe.each(dialects())('outbound mail budget and who may share (%s)', (dialect) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let admin: Client;
  let sharer: Client;
  let second: Client;
  let reader: Client;
  let eventId: number;
  let refillId: number;
  let truck: number;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(dialect, { FROTA_SMTP_URL: smtp.url });
    admin = await server.admin();
    truck = (await admin.post('/api/devices', { name: 'Camião 9', uniqueId: 'mail-truck' })).body.id;
    const at = Date.parse('2024-03-05T14:30:00Z');
    const positionId = await insertPosition(server, truck, at);
    const row = await server.services.db.kysely
      .insertInto('events')
      .values({
        type: 'alarm',
        eventTime: at,
        deviceId: truck,
        positionId,
        geofenceId: null,
        attributes: toJson({ alarm: 'sos' }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    eventId = Number(row.id);
    await admin.post(`${API}/event/${eventId}`, { status: 1, details: 'Equipa a caminho' });
    const refill = await admin.post(`${API}/refill/${truck}`, {
      cost_date: '2024-03-01 08:00:00',
      cost: '16200',
      litres: 60,
      fuel_type: 'diesel',
    });
    expect(refill.status, refill.text).toBe(200);
    refillId = refill.body.id;
    const permissions = ['module.events', 'module.refills'];
    const make = async (email: string, readonly = false) => {
      const u = await userClient(server, admin, { email, readonly, attributes: { permissions } });
      await admin.post('/api/permissions', { userId: u.id, deviceId: truck });
      return u.client;
    };
    sharer = await make('partilha@x.ao');
    second = await make('segundo@x.ao');
    reader = await make('leitor@x.ao', true);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('refuses read-only users: sharing mail is a change (403, nothing sent)', async () => {
    const before = smtp.mails.length;
    expect((await reader.post(`${API}/share_event/${eventId}`, { emailTo: 'a@x.ao' })).status).toBe(403);
    expect((await reader.post(`${API}/share_refill/${refillId}`, { emailTo: 'a@x.ao' })).status).toBe(403);
    expect(smtp.mails).toHaveLength(before);
  });

  it('mails the stored status, never a status text sent in the body', async () => {
    const r = await second.post(`${API}/share_event/${eventId}`, {
      emailTo: 'chefe@x.ao',
      status: 'Resolvido',
      details: 'Ganhou um prémio, clique aqui',
      lastStatusDetails: 'Ganhou um prémio, clique aqui',
    });
    expect(r.status, r.text).toBe(200);
    const text = Buffer.from(decodeQp(smtp.mails.at(-1)!.raw), 'latin1').toString('utf8');
    expect(text).toContain('Estado: Em resolução - Equipa a caminho');
    expect(text).not.toMatch(/Resolvido|prémio|clique/);
  });

  it('allows 20 shares per user and per recipient an hour, then 429 with a Portuguese message', async () => {
    const before = smtp.mails.length;
    for (let i = 0; i < 20; i++) {
      const r = await sharer.post(`${API}/share_event/${eventId}`, { emailTo: 'oficina@x.ao' });
      expect(r.status, `share ${i + 1}: ${r.text}`).toBe(200);
    }
    expect(smtp.mails).toHaveLength(before + 20);
    // the sender's budget is spent, for every kind of share
    const over = await sharer.post(`${API}/share_event/${eventId}`, { emailTo: 'outra@x.ao' });
    expect(over.status).toBe(429);
    expect(over.text).toBe(MAIL_LIMITED);
    expect((await sharer.post(`${API}/share_refill/${refillId}`, { emailTo: 'outra@x.ao' })).status).toBe(
      429,
    );
    // the recipient's budget is spent: another sender cannot flood it either, but may mail elsewhere
    const flood = await second.post(`${API}/share_refill/${refillId}`, {
      emailTo: 'nova@x.ao',
      emailCc: 'OFICINA@x.ao',
    });
    expect(flood.status).toBe(429);
    expect(flood.text).toBe(MAIL_LIMITED);
    expect((await second.post(`${API}/share_refill/${refillId}`, { emailTo: 'nova@x.ao' })).status).toBe(200);
    expect(smtp.mails).toHaveLength(before + 21);
  });

  it('limits password resets per address (known or not, same answers) and per client address', async () => {
    await admin.post('/api/users', { name: 'Rita', email: 'rita@x.ao', password: 'old-pass-1' });
    const reset = (email: string) => send(server.base, 'POST', '/api/password/reset', { form: { email } });
    for (const email of ['rita@x.ao', 'ninguem@x.ao']) {
      for (let i = 0; i < 5; i++) expect((await reset(email)).status, `${email} ${i + 1}`).toBe(204);
      const over = await reset(email.toUpperCase());
      expect(over.status).toBe(429);
      expect(over.text).toBe(MAIL_LIMITED);
    }
    const toRita = () => smtp.mails.filter((m) => m.to.includes('rita@x.ao')).length;
    await smtp.until(() => toRita() >= 5, 'the five recovery mails to rita@x.ao');
    expect(toRita()).toBe(5);
    // 12 tries so far from this address: 8 more for other addresses, then the client is refused
    for (let i = 0; i < 8; i++) expect((await reset(`pessoa${i}@x.ao`)).status).toBe(204);
    expect((await reset('mais-uma@x.ao')).status).toBe(429);
  });
});

const redisUrl = process.env.FROTA_TEST_REDIS_URL;
if (!redisUrl) console.warn('skipped: the mail budget across two nodes needs FROTA_TEST_REDIS_URL');

describe.skipIf(!redisUrl)('the mail budget is shared by the nodes through Redis', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const env = { FROTA_REDIS_URL: redisUrl!, FROTA_REDIS_PREFIX: `t33${randomToken(6)}:` };
    a = await startTestServer('sqlite', env);
    b = await startTestServer('sqlite', env);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('refuses on one node the resets counted on the other', async () => {
    const form = { email: 'partilhado@x.ao' };
    for (let i = 0; i < 5; i++) {
      const node = i % 2 ? b : a;
      expect((await send(node.base, 'POST', '/api/password/reset', { form })).status).toBe(204);
    }
    expect((await send(b.base, 'POST', '/api/password/reset', { form })).status).toBe(429);
    expect((await send(a.base, 'POST', '/api/password/reset', { form })).status).toBe(429);
  });
});

describe.each(dialects())('credentials end when they should (%s)', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let truck: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    truck = (await admin.post('/api/devices', { name: 'Carro', uniqueId: 'cred-car' })).body.id;
  });
  afterAll(async () => server?.close());

  const person = async (email: string, permissions: string[] = ['map.online']) => {
    const u = await userClient(server, admin, { email, attributes: { permissions } });
    await admin.post('/api/permissions', { userId: u.id, deviceId: truck });
    return u;
  };
  const tokenOf = async (id: number) => (await admin.get(`/api/users/${id}`)).body.token as string;

  it('ends the sessions a session token opened when it is revoked', async () => {
    const ana = await person('ana@cred.ao');
    const token = (await ana.client.form('/api/session/token', {})).text;
    const script = server.client();
    expect((await script.get(`/api/session?token=${token}`)).status).toBe(200);
    expect((await script.get('/api/devices')).status).toBe(200);
    expect((await ana.client.form('/api/session/token/revoke', { token })).status).toBe(204);
    expect((await script.get('/api/devices')).status).toBe(401);
    expect((await script.get('/api/session')).status).toBe(404);
    // the revoking session itself goes on
    expect((await ana.client.get('/api/devices')).status).toBe(200);
  });

  it('ends a share with its token: the open session, the temporary user and its own token', async () => {
    const rui = await person('rui@cred.ao', ['map.online', 'settings.temporary_links']);
    const shared = await rui.client.form('/api/share/device', {
      deviceId: String(truck),
      expiration: new Date(Date.now() + DAY).toISOString(),
    });
    expect(shared.status, shared.text).toBe(200);
    const guest = server.client();
    const opened = await guest.get(`/api/session?token=${shared.text}`);
    expect(opened.status).toBe(200);
    const own = await tokenOf(opened.body.id);
    expect(own).toMatch(/^[A-Za-z0-9]{40}$/);
    const byOwn = server.client();
    expect((await byOwn.get(`/api/session?token=${own}`)).status).toBe(200);

    expect((await rui.client.form('/api/session/token/revoke', { token: shared.text })).status).toBe(204);
    expect((await guest.get('/api/devices')).status).toBe(401);
    expect((await byOwn.get('/api/devices')).status).toBe(401);
    expect((await server.client().get(`/api/session?token=${shared.text}`)).status).toBe(401);
    const after = await tokenOf(opened.body.id);
    expect(after).not.toBe(own);
    expect((await server.client().get(`/api/session?token=${own}`)).status).toBe(401);
    expect((await server.client().get(`/api/session?token=${after}`)).status).toBe(400); // expired
  });

  it('a password changed by the user ends every other session, token and its own token', async () => {
    const eva = await person('eva@cred.ao');
    const other = server.client();
    await other.login('eva@cred.ao', 'user-secret-1');
    const issued = (await eva.client.form('/api/session/token', {})).text;
    const own = await tokenOf(eva.id);
    const byOwn = server.client();
    expect((await byOwn.get(`/api/session?token=${own}`)).status).toBe(200);

    const me = (await eva.client.get(`/api/users/${eva.id}`)).body;
    const changed = await eva.client.put(`/api/users/${eva.id}`, { ...me, password: 'new-secret-2' });
    expect(changed.status, changed.text).toBe(200);
    expect((await eva.client.get('/api/devices')).status).toBe(200);
    expect((await other.get('/api/devices')).status).toBe(401);
    expect((await byOwn.get('/api/devices')).status).toBe(401);
    expect((await server.client().get(`/api/session?token=${issued}`)).status).toBe(401);
    expect((await server.client().get(`/api/session?token=${own}`)).status).toBe(401);
    const renewed = await tokenOf(eva.id);
    expect(renewed).not.toBe(own);
    expect(renewed).toMatch(/^[A-Za-z0-9]{128}$/);
  });

  it('a password changed by an administrator or by a reset link ends all the user’s sessions', async () => {
    const ivo = await person('ivo@cred.ao');
    const byToken = server.client();
    const own = await tokenOf(ivo.id);
    expect((await byToken.get(`/api/session?token=${own}`)).status).toBe(200);
    const row = (await admin.get(`/api/users/${ivo.id}`)).body;
    expect((await admin.put(`/api/users/${ivo.id}`, { ...row, password: 'set-by-admin-3' })).status).toBe(
      200,
    );
    expect((await ivo.client.get('/api/devices')).status).toBe(401);
    expect((await byToken.get('/api/devices')).status).toBe(401);
    expect((await admin.get('/api/devices')).status).toBe(200);

    const again = server.client();
    expect((await again.login('ivo@cred.ao', 'set-by-admin-3')).status).toBe(200);
    const issued = (await again.form('/api/session/token', {})).text;
    const link = 'reset-token-for-test-' + randomToken(20);
    await server.services.db.kysely
      .insertInto('passwordResets')
      .values({
        tokenHash: createHash('sha256').update(link).digest('hex'),
        userId: ivo.id,
        expiresAt: Date.now() + 3600_000,
        used: fromBool(server.services.db.dialect, false),
      })
      .execute();
    const updated = await send(server.base, 'POST', '/api/password/update', {
      form: { token: link, password: 'from-the-link-4' },
    });
    expect(updated.status, updated.text).toBe(204);
    expect((await again.get('/api/devices')).status).toBe(401);
    expect((await server.client().get(`/api/session?token=${issued}`)).status).toBe(401);
  });

  it('a password set on the settings form (PUT /api/settings/users/{id}) ends the sessions too', async () => {
    const lia = await person('lia@cred.ao');
    const row = (await admin.get(`/api/users/${lia.id}`)).body;
    const saved = await admin.put(`/api/settings/users/${lia.id}`, { ...row, password: 'from-settings-5' });
    expect(saved.status, saved.text).toBe(200);
    expect((await lia.client.get('/api/devices')).status).toBe(401);
    expect(saved.body.token).not.toBe(row.token);
  });

  it('accepts an empty POST /api/session/token (no body at all) and a form without expiration', async () => {
    const zeca = await person('zeca@cred.ao');
    const bare = await send(server.base, 'POST', '/api/session/token', { cookie: zeca.client.cookie });
    expect(bare.status, bare.text).toBe(200);
    expect(bare.text).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await server.client().get(`/api/session?token=${bare.text}`)).status).toBe(200);
    expect((await zeca.client.form('/api/session/token', {})).status).toBe(200);
  });
});

describe.each(dialects())('a user’s token is a strong credential (%s)', (dialect) => {
  let server: TestServer;
  let admin: Client;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
  });
  afterAll(async () => server?.close());

  it('refuses a short or non-random token with 400 and keeps a random one', async () => {
    const u = await userClient(server, admin, { email: 'joana@tok.ao' });
    const me = (await u.client.get(`/api/users/${u.id}`)).body;
    for (const token of ['a', 'T'.repeat(40), 'joana'.padEnd(40, 'x'), `${randomToken(31)}`]) {
      const r = await u.client.put(`/api/users/${u.id}`, { ...me, token });
      expect(r.status, token).toBe(400);
      expect(r.text).toBe(WEAK_TOKEN);
    }
    expect((await server.client().get('/api/session?token=a')).status).toBe(401);
    const strong = randomToken(48);
    const kept = await u.client.put(`/api/users/${u.id}`, { ...me, token: strong });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.token).toBe(strong);
    expect((await server.client().get(`/api/session?token=${strong}`)).body.email).toBe('joana@tok.ao');
  });

  it('never logs in with a weak token stored before the rule, and replaces it on the next save', async () => {
    const u = await userClient(server, admin, { email: 'velho@tok.ao' });
    const weak = 'w'.repeat(40);
    await server.services.db.kysely
      .updateTable('users')
      .set({ token: weak })
      .where('id', '=', u.id)
      .execute();
    expect((await server.client().get(`/api/session?token=${weak}`)).status).toBe(401);
    const me = (await admin.get(`/api/users/${u.id}`)).body;
    const saved = await admin.put(`/api/users/${u.id}`, { ...me, name: 'Velho' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.token).toMatch(/^[A-Za-z0-9]{128}$/);
  });

  it('throttles wrong tokens like wrong passwords: 429 after 5 from one address, the right one too', async () => {
    const u = await userClient(server, admin, { email: 'alvo@tok.ao' });
    const token = (await admin.get(`/api/users/${u.id}`)).body.token as string;
    // a success clears the address's count of wrong tokens (earlier tests left some)
    expect((await server.client().get(`/api/session?token=${token}`)).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await server.client().get(`/api/session?token=${randomToken(40)}`)).status).toBe(401);
    const refused = await server.client().get(`/api/session?token=${token}`);
    expect(refused.status).toBe(429);
    // passwords from that address still work until the address's own limit
    expect((await server.client().login(ADMIN.email, ADMIN.password)).status).toBe(200);
  });
});

describe.each(dialects())('cross-site requests are refused (%s)', (dialect) => {
  let server: TestServer;
  let proxied: TestServer;
  let admin: Client;
  const EVIL = 'https://evil.example';

  beforeAll(async () => {
    server = await startTestServer(dialect);
    proxied = await startTestServer(dialect, {
      FROTA_TRUST_PROXY: 'true',
      FROTA_PUBLIC_URL: 'https://frota.example.ao/app',
    });
    admin = await server.admin();
  });
  afterAll(async () => {
    await server?.close();
    await proxied?.close();
  });

  const device = (n: number) => ({ json: { name: `Origem ${n}`, uniqueId: `origin-${dialect}-${n}` } });

  it('refuses a write from another site, by Origin or by Sec-Fetch-Site, and lets the rest through', async () => {
    const cookie = admin.cookie;
    const own = new URL(server.base).origin;
    const post = (n: number, headers: Record<string, string>) =>
      send(server.base, 'POST', '/api/devices', { cookie, headers, ...device(n) });
    const foreign = await post(1, { origin: EVIL, 'sec-fetch-site': 'cross-site' });
    expect(foreign.status).toBe(403);
    expect(foreign.text).toBe(CROSS_SITE_REFUSED);
    expect((await post(2, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post(3, { origin: 'null' })).status).toBe(403);
    expect(
      (await send(server.base, 'DELETE', '/api/devices/1', { cookie, headers: { origin: EVIL } })).status,
    ).toBe(403);
    expect((await post(4, { origin: own, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await post(5, {})).status).toBe(200); // no Origin: Traccar apps, curl, devices
    const names = (await admin.get('/api/devices')).body.map((d: { name: string }) => d.name);
    expect(names).toEqual(['Origem 4', 'Origem 5']);
  });

  it('takes form bodies only where Traccar clients send them', async () => {
    const cookie = admin.cookie;
    const form = await send(server.base, 'POST', '/api/devices', {
      cookie,
      form: { name: 'Forma', uniqueId: 'form-1' },
    });
    expect(form.status).toBe(415);
    expect((await send(server.base, 'POST', '/api/session', { form: ADMIN })).status).toBe(200);
    expect((await send(server.base, 'POST', '/api/session/token', { cookie, form: {} })).status).toBe(200);
  });

  it('refuses the live socket and the session-opening GETs from another site', async () => {
    const own = new URL(server.base).origin;
    expect(await socketAnswer(server.base, admin.cookie, EVIL)).toBe(403);
    expect(await socketAnswer(server.base, admin.cookie, own)).toBe('open');
    expect(await socketAnswer(server.base, admin.cookie)).toBe('open');
    const token = (await admin.form('/api/session/token', {})).text;
    const headers = { 'sec-fetch-site': 'cross-site' };
    expect((await send(server.base, 'GET', `/api/session?token=${token}`, { headers })).status).toBe(403);
    expect((await send(server.base, 'GET', `/api/session?token=${token}`)).status).toBe(200);
    const u = await userClient(server, admin, { email: 'alvo@origin.ao' });
    const as = await send(server.base, 'GET', `/api/session/${u.id}`, { cookie: admin.cookie, headers });
    expect(as.status).toBe(403);
    expect((await admin.get('/api/session')).body.email).toBe(ADMIN.email);
  });

  it('behind a trusted proxy, takes the forwarded origin and FROTA_PUBLIC_URL’s origin', async () => {
    const login = await send(proxied.base, 'POST', '/api/session', { form: ADMIN });
    const cookie = login.cookie!;
    const forwarded = { 'x-forwarded-host': 'frota.lan:8443', 'x-forwarded-proto': 'https' };
    const post = (n: number, headers: Record<string, string>) =>
      send(proxied.base, 'POST', '/api/devices', { cookie, headers, ...device(n) });
    expect((await post(10, { ...forwarded, origin: 'https://frota.lan:8443' })).status).toBe(200);
    expect((await post(11, { ...forwarded, origin: 'http://frota.lan:8443' })).status).toBe(403);
    expect((await post(12, { origin: 'https://frota.example.ao' })).status).toBe(200);
    expect((await post(13, { ...forwarded, origin: EVIL })).status).toBe(403);
    // without a trusted proxy the forwarded host is not believed
    const direct = await send(server.base, 'POST', '/api/devices', {
      cookie: admin.cookie,
      headers: { ...forwarded, origin: 'https://frota.lan:8443' },
      ...device(14),
    });
    expect(direct.status).toBe(403);
  });
});
