import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, dialects, startTestServer, userClient, type TestServer } from '../harness';
import { decodeQp, startSmtpCapture } from '../smtpCapture';
import { randomToken } from '../../src/auth/password';

describe.each(dialects())('sessions and passwords on %s', (dialect) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(dialect, { FROTA_SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('logs in with a form, sets an httpOnly SameSite cookie and never returns the password', async () => {
    const c = server.client();
    const res = await c.login(ADMIN.email, ADMIN.password);
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(ADMIN.email);
    expect(res.body.administrator).toBe(true);
    expect(JSON.stringify(res.body)).not.toMatch(/password|salt/i);
    const cookie = res.headers.getSetCookie().find((h) => h.startsWith('frota_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = await c.get('/api/session');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(res.body.id);
  });

  it('answers 401 to bad credentials and 404 to GET /api/session without a session', async () => {
    const c = server.client();
    expect((await c.login(ADMIN.email, 'wrong')).status).toBe(401);
    expect((await c.login('nobody@frota.local', 'x')).status).toBe(401);
    expect((await c.get('/api/session')).status).toBe(404);
  });

  it('refuses disabled users with 400 and expired users', async () => {
    const admin = await server.admin();
    await userClient(server, admin, { email: 'disabled@x.ao', disabled: true }, 'pw-123456');
    const c = server.client();
    expect((await c.login('disabled@x.ao', 'pw-123456')).status).toBe(400);
    await admin.post('/api/users', {
      name: 'old',
      email: 'expired@x.ao',
      password: 'pw-123456',
      expirationTime: '2020-01-01T00:00:00Z',
    });
    const e = await c.login('expired@x.ao', 'pw-123456');
    expect(e.status).toBe(400);
    expect(e.text).toMatch(/expirado/);
  });

  it('logs out with DELETE /api/session', async () => {
    const c = await server.admin();
    expect((await c.del('/api/session')).status).toBe(204);
    expect((await c.get('/api/session')).status).toBe(404);
    expect((await c.get('/api/devices')).status).toBe(401);
  });

  it('opens a session by token, ending the current one, and refuses expired tokens', async () => {
    const admin = await server.admin();
    const token = randomToken(40);
    const created = await admin.post('/api/users', {
      name: 'Acesso temporário',
      email: 'temp_abc@frota.local',
      readonly: true,
      token,
      expirationTime: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(created.body.token).toBe(token);
    const c = await server.admin();
    const oldCookie = c.cookie;
    const res = await c.get(`/api/session?token=${token}`);
    expect(res.status).toBe(200);
    expect(res.body.email).toBe('temp_abc@frota.local');
    expect(c.cookie).not.toBe(oldCookie);
    const stale = server.client();
    stale.cookie = oldCookie;
    expect((await stale.get('/api/session')).status).toBe(404);

    const expiredToken = randomToken(40);
    await admin.post('/api/users', {
      name: 'old link',
      email: 'temp_old@frota.local',
      token: expiredToken,
      expirationTime: '2021-01-01T00:00:00Z',
    });
    expect((await server.client().get(`/api/session?token=${expiredToken}`)).status).toBe(400);
    expect((await server.client().get('/api/session?token=nope')).status).toBe(401);
  });

  it('gives the httpOnly cookie to the page on request and resumes a session by id', async () => {
    const c = await server.admin();
    const cookie = await c.get('/api/session/cookie');
    expect(cookie.body.name).toBe('frota_session');
    expect(`frota_session=${cookie.body.value}`).toBe(c.cookie);
    const other = server.client();
    const resumed = await other.form('/api/session/resume', { session: cookie.body.value });
    expect(resumed.status).toBe(200);
    expect((await other.get('/api/session')).body.email).toBe(ADMIN.email);
    expect((await server.client().form('/api/session/resume', { session: 'invalid' })).status).toBe(404);
  });

  it('throttles repeated failures of an account from one address with 429', async () => {
    const admin = await server.admin();
    await admin.post('/api/users', { name: 'victim', email: 'victim@x.ao', password: 'right-pass' });
    const c = server.client();
    for (let i = 0; i < 5; i++) expect((await c.login('victim@x.ao', `bad${i}`)).status).toBe(401);
    expect((await c.login('victim@x.ao', 'right-pass')).status).toBe(429);
  });

  it('e-mails a one-time recovery link through SMTP and sets the new password with it', async () => {
    const admin = await server.admin();
    await admin.post('/api/users', { name: 'Maria', email: 'maria@x.ao', password: 'old-pass' });
    const c = server.client();
    expect((await c.form('/api/password/reset', { email: 'maria@x.ao' })).status).toBe(204);
    await smtp.mail((m) => m.to.includes('maria@x.ao'), 'the recovery mail');
    expect(smtp.mails.filter((m) => m.to.includes('maria@x.ao')).length).toBe(1);
    const mail = decodeQp(smtp.mails.find((m) => m.to.includes('maria@x.ao'))!.raw);
    const match = mail.match(/\/login\?reset=([\w-]+)&user=([\w-]+)/);
    expect(match).not.toBeNull();
    expect(Buffer.from(match![2], 'base64url').toString()).toBe('maria@x.ao');
    expect((await c.form('/api/password/update', { token: match![1], password: 'new-pass' })).status).toBe(
      204,
    );
    expect((await c.login('maria@x.ao', 'old-pass')).status).toBe(401);
    expect((await c.login('maria@x.ao', 'new-pass')).status).toBe(200);
    expect((await c.form('/api/password/update', { token: match![1], password: 'again' })).status).toBe(400);
    expect((await c.form('/api/password/reset', { email: 'not-an-email' })).status).toBe(400);
    expect((await c.form('/api/password/reset', { email: 'unknown@x.ao' })).status).toBe(204);
  });
});

describe('login throttling per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => server.close());

  it('answers 429 to an address after 20 failures, whatever the account', async () => {
    const c = server.client();
    for (let i = 0; i < 20; i++) expect((await c.login(`user${i}@x.ao`, 'bad')).status).toBe(401);
    expect((await c.login(ADMIN.email, ADMIN.password)).status).toBe(429);
  });
});
