/**
 * No secret in the logs (issue 24 point 6): a real server process at debug level, its log written to a
 * file, goes through a login, a wrong login, a token login, a shared device's token, a password reset by
 * e-mail, the refill app's login and calls with its bearer token, and an OsmAnd device report; then the
 * file is searched for every password, cookie and token used.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../processes';
import { decodeQp, startSmtpCapture } from '../smtpCapture';

const ADMIN_EMAIL = 'admin@frota.local';
const SECRETS = {
  adminPassword: 'Adm1n-Pw-9f3k2q',
  wrongPassword: 'Wr0ng-Guess-7h1x',
  userPassword: 'Us3r-Pw-k2m8zz',
  newPassword: 'N3w-Pw-after-reset-p0',
  operatorPassword: 'Op3r-Pw-bomba-55',
};

interface Call {
  status: number;
  text: string;
  cookie?: string;
}

async function call(
  base: string,
  method: string,
  path: string,
  opts: { cookie?: string; form?: Record<string, string>; json?: unknown; bearer?: string } = {},
): Promise<Call> {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.bearer) headers.authorization = `Bearer ${opts.bearer}`;
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

describe('secrets never reach the log', () => {
  let dir: string;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let server: ServerProcess;
  const used: Record<string, string> = { ...SECRETS };
  let log = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 's1-logs-'));
    smtp = await startSmtpCapture();
    server = await spawnServer({
      FROTA_DATA_DIR: dir,
      FROTA_LOG_LEVEL: 'debug',
      FROTA_ADMIN_EMAIL: ADMIN_EMAIL,
      FROTA_ADMIN_PASSWORD: SECRETS.adminPassword,
      FROTA_SMTP_URL: smtp.url,
      FROTA_PUBLIC_URL: 'http://frota.test',
    });
    const { base } = server;
    const ok = (c: Call, what: string) => {
      if (c.status >= 300) throw new Error(`${what}: ${c.status} ${c.text}`);
      return c;
    };

    const admin = ok(
      await call(base, 'POST', '/api/session', {
        form: { email: ADMIN_EMAIL, password: SECRETS.adminPassword },
      }),
      'admin login',
    );
    used.adminCookie = admin.cookie!.split('=')[1];
    const as = { cookie: admin.cookie };
    const bad = await call(base, 'POST', '/api/session', {
      form: { email: ADMIN_EMAIL, password: SECRETS.wrongPassword },
    });
    expect(bad.status).toBe(401);

    const device = JSON.parse(
      ok(
        await call(base, 'POST', '/api/devices', {
          ...as,
          json: { name: 'Carrinha log', uniqueId: '860000000000777' },
        }),
        'device',
      ).text,
    );
    const user = JSON.parse(
      ok(
        await call(base, 'POST', '/api/users', {
          ...as,
          json: {
            name: 'Gestor',
            email: 'gestor@log.ao',
            password: SECRETS.userPassword,
            userLimit: 2,
            attributes: { permissions: ['module.refills', 'settings.temporary_links'] },
          },
        }),
        'user',
      ).text,
    );
    ok(
      await call(base, 'POST', '/api/permissions', { ...as, json: { userId: user.id, deviceId: device.id } }),
      'link',
    );
    const gestor = ok(
      await call(base, 'POST', '/api/session', {
        form: { email: 'gestor@log.ao', password: SECRETS.userPassword },
      }),
      'user login',
    );
    used.userCookie = gestor.cookie!.split('=')[1];

    used.userToken = ok(
      await call(base, 'POST', '/api/session/token', { cookie: gestor.cookie, json: {} }),
      'token',
    ).text;
    const byToken = ok(
      await call(base, 'GET', `/api/session?token=${encodeURIComponent(used.userToken)}`),
      'token login',
    );
    used.tokenCookie = byToken.cookie!.split('=')[1];

    used.shareToken = ok(
      await call(base, 'POST', '/api/share/device', {
        cookie: gestor.cookie,
        json: { deviceId: device.id, expiration: new Date(Date.now() + 86_400_000).toISOString() },
      }),
      'share',
    ).text;
    const shared = ok(
      await call(base, 'GET', `/api/session?token=${encodeURIComponent(used.shareToken)}`),
      'share login',
    );
    used.shareCookie = shared.cookie!.split('=')[1];
    ok(await call(base, 'GET', '/api/devices', { cookie: shared.cookie }), 'shared devices');

    const mailsBefore = smtp.mails.length;
    expect(
      (await call(base, 'POST', '/api/password/reset', { form: { email: 'gestor@log.ao' } })).status,
    ).toBe(204);
    // the recovery mail goes out after the answer (issue 33: its time tells nothing about the address)
    await smtp.until(() => smtp.mails.length >= mailsBefore + 1, 'the recovery mail');
    expect(smtp.mails.length).toBe(mailsBefore + 1);
    const mail = decodeQp(smtp.mails.at(-1)!.raw);
    used.resetToken = /reset=([A-Za-z0-9_-]+)/.exec(mail)![1];
    expect(
      (
        await call(base, 'POST', '/api/password/update', {
          form: { token: used.resetToken, password: SECRETS.newPassword },
        })
      ).status,
    ).toBe(204);
    ok(
      await call(base, 'POST', '/api/session', {
        form: { email: 'gestor@log.ao', password: SECRETS.newPassword },
      }),
      'login after reset',
    );

    const again = ok(
      await call(base, 'POST', '/api/session', {
        form: { email: 'gestor@log.ao', password: SECRETS.newPassword },
      }),
      'login again',
    );
    ok(
      await call(base, 'POST', '/report/api.php/refill_operators', {
        cookie: again.cookie,
        json: { username: 'bomba-log', password: SECRETS.operatorPassword, name: 'Bomba', code: 'OP-LOG' },
      }),
      'operator',
    );
    const appLogin = ok(
      await call(base, 'POST', '/report/api.php/refill_app/login', {
        json: { username: 'bomba-log', password: SECRETS.operatorPassword },
      }),
      'app login',
    );
    used.operatorToken = JSON.parse(appLogin.text).token;
    expect(
      (
        await call(base, 'POST', '/report/api.php/refill_app/login', {
          json: { username: 'bomba-log', password: SECRETS.wrongPassword },
        })
      ).status,
    ).toBe(401);
    await call(base, 'GET', '/report/api.php/refill_app/stations', { bearer: used.operatorToken });

    const report = await fetch(
      `http://127.0.0.1:${server.osmandPort}/?id=860000000000777&lat=-8.83&lon=13.23&timestamp=${Math.floor(Date.now() / 1000)}&speed=10`,
    );
    expect(report.status).toBe(200);
    // a refused report is logged at debug level: proves the level is on
    const stranger = await fetch(`http://127.0.0.1:${server.osmandPort}/?id=stranger-device&lat=1&lon=2`);
    expect(stranger.status).toBe(400);
    await server.waitForOutput(/osmand request refused/);
    // stop() resolves once the process has exited and all its output is read
    await server.stop();
    log = server.output();
    writeFileSync(join(dir, 'server.log'), log);
  }, 120_000);

  afterAll(async () => {
    if (server) await server.stop();
    await smtp?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('logged the requests at debug level', () => {
    const file = readFileSync(join(dir, 'server.log'), 'utf8');
    expect(file).toBe(log);
    expect(file).toMatch(/"level":20/);
    for (const path of [
      '/api/session',
      '/api/password/update',
      '/report/api.php/refill_app/login',
      '/api/share/device',
    ])
      expect(file, path).toContain(path);
  });

  it('holds none of the passwords, cookies or tokens used', () => {
    expect(Object.keys(used)).toHaveLength(13);
    const found = Object.entries(used)
      .filter(([, secret]) => secret.length >= 8 && log.includes(secret))
      .map(([name]) => name);
    expect(found).toEqual([]);
  });
});

describe('without SMTP, a password reset is not written to the log', () => {
  it('logs who and what, not the recovery link', async () => {
    const dir = mkdtempSync(join(tmpdir(), 's1-logs-nosmtp-'));
    const server = await spawnServer({
      FROTA_DATA_DIR: dir,
      FROTA_LOG_LEVEL: 'debug',
      FROTA_ADMIN_EMAIL: ADMIN_EMAIL,
      FROTA_ADMIN_PASSWORD: SECRETS.adminPassword,
    });
    try {
      expect(
        (await call(server.base, 'POST', '/api/password/reset', { form: { email: ADMIN_EMAIL } })).status,
      ).toBe(204);
      // the mail goes out after the answer: wait for the line that says it was not sent
      await server.waitForOutput(/mail \(no FROTA_SMTP_URL set, not sent\)/);
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
    const log = server.output();
    expect(log).toContain('mail (no FROTA_SMTP_URL set, not sent)');
    expect(log).toContain('Frota: recuperação de password');
    expect(log).not.toMatch(/reset=/);
    expect(log).not.toContain(SECRETS.adminPassword);
  }, 60_000);
});
