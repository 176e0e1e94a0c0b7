/**
 * Security hardening (issue 24 point 6): Secure session cookies behind an HTTPS proxy only when the proxy
 * is trusted (FROTA_TRUST_PROXY), outgoing user-set URLs kept off internal networks (DNS names and
 * redirects included) unless the administrator allowed them, and uploaded files served with a safe
 * Content-Disposition and nosniff.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, dialects, startTestServer, type Client, type TestServer } from '../harness';
import {
  OutgoingPolicy,
  OutgoingUrlRefused,
  URL_INVALID,
  URL_REFUSED,
  assertOutgoingUrl,
  guardedRequest,
  isInternalAddress,
} from '../../src/services/outgoingUrl';
import { contentDisposition, inlineAllowed } from '../../src/services/fileHeaders';
import { loadConfig } from '../../src/config';
import { samplePdf } from '../../src/modules/management/sampleFiles';

async function loginCookie(base: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }).toString(),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('frota_session='));
  expect(cookie).toBeDefined();
  return cookie!;
}

const attributes = (cookie: string) =>
  cookie
    .split(';')
    .slice(1)
    .map((p) => p.trim().split('=')[0].toLowerCase());

describe('FROTA_TRUST_PROXY and FROTA_ALLOW_PRIVATE_URLS in the configuration', () => {
  it('trusts no proxy unless told, and reads the lists', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ FROTA_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ FROTA_TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ FROTA_TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ FROTA_TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.1.0/24',
    ]);
    expect(loadConfig({}).allowPrivateUrls).toEqual([]);
    expect(loadConfig({ FROTA_ALLOW_PRIVATE_URLS: '192.168.1.0/24,sms.lan' }).allowPrivateUrls).toEqual([
      '192.168.1.0/24',
      'sms.lan',
    ]);
  });
});

describe.each(dialects())('session cookies behind a proxy (%s)', (dialect) => {
  let trusting: TestServer;
  let plain: TestServer;

  beforeAll(async () => {
    trusting = await startTestServer(dialect, { FROTA_TRUST_PROXY: '127.0.0.1' });
    plain = await startTestServer(dialect);
  });
  afterAll(async () => {
    await trusting?.close();
    await plain?.close();
  });

  it('marks the cookie Secure when a trusted proxy says the request came over HTTPS', async () => {
    const cookie = await loginCookie(trusting.base, { 'x-forwarded-proto': 'https' });
    expect(attributes(cookie)).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite']));
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('keeps it HttpOnly and SameSite but not Secure over plain HTTP', async () => {
    const cookie = await loginCookie(trusting.base);
    expect(attributes(cookie)).toEqual(expect.arrayContaining(['httponly', 'samesite']));
    expect(attributes(cookie)).not.toContain('secure');
  });

  it('ignores X-Forwarded-* when no proxy is trusted (protocol and client address)', async () => {
    const cookie = await loginCookie(plain.base, {
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '203.0.113.9',
    });
    expect(attributes(cookie)).not.toContain('secure');
    const rows = await plain.services.db.kysely.selectFrom('sessions').select('address').execute();
    expect(rows.map((r) => r.address)).not.toContain('203.0.113.9');
    expect(rows.length).toBeGreaterThan(0);
  });

  it('takes the client address from a trusted proxy', async () => {
    await loginCookie(trusting.base, { 'x-forwarded-for': '203.0.113.7' });
    const rows = await trusting.services.db.kysely.selectFrom('sessions').select('address').execute();
    expect(rows.map((r) => r.address)).toContain('203.0.113.7');
  });
});

describe('outgoing URLs set by users', () => {
  it('knows the internal IPv4 and IPv6 ranges', () => {
    const internal = [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd00::1',
      'fc12:3456::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      'not-an-address',
    ];
    const external = [
      '8.8.8.8',
      '93.184.216.34',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
    ];
    expect(internal.filter((a) => !isInternalAddress(a))).toEqual([]);
    expect(external.filter((a) => isInternalAddress(a))).toEqual([]);
  });

  it('refuses internal URLs on saving with a 400 in Portuguese', async () => {
    const none = new OutgoingPolicy([]);
    for (const url of [
      'http://127.0.0.1:8082/api/server',
      'http://localhost/',
      'http://[::1]:80/',
      'http://169.254.169.254/latest/meta-data/',
      'https://10.0.0.5/hook',
      'http://[::ffff:127.0.0.1]/',
      'http://[fd00::1]/',
      'http://2130706433/',
      'http://0x7f.1/',
    ]) {
      const refused = await assertOutgoingUrl(url, none).then(
        () => undefined,
        (err: { statusCode: number; message: string }) => err,
      );
      expect(refused, url).toMatchObject({ statusCode: 400, message: URL_REFUSED });
    }
    for (const url of ['ftp://example.com/', 'file:///etc/passwd', 'not a url', 'gopher://127.0.0.1/'])
      await expect(assertOutgoingUrl(url, none)).rejects.toMatchObject({
        statusCode: 400,
        message: URL_INVALID,
      });
    await expect(assertOutgoingUrl('https://93.184.216.34/hook', none)).resolves.toBeUndefined();
  });

  it('lets the administrator allow networks or host names', async () => {
    await expect(
      assertOutgoingUrl('http://192.168.1.20/send', new OutgoingPolicy(['192.168.1.0/24'])),
    ).resolves.toBeUndefined();
    await expect(
      assertOutgoingUrl('http://192.168.2.20/send', new OutgoingPolicy(['192.168.1.0/24'])),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      assertOutgoingUrl('http://localhost/', new OutgoingPolicy(['localhost'])),
    ).resolves.toBeUndefined();
    await expect(assertOutgoingUrl('http://[::1]/', new OutgoingPolicy(['true']))).resolves.toBeUndefined();
  });

  describe('when used', () => {
    let target: Server;
    let port = 0;
    const hits: string[] = [];

    beforeAll(async () => {
      target = createServer((req, res) => {
        hits.push(`${req.method} ${req.url}`);
        const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
        if (to) {
          res.writeHead(302, { location: to });
          return res.end();
        }
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('ok');
      });
      await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
      port = (target.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => target.close(() => resolve())));

    it('never connects to an internal address without the allowance', async () => {
      const before = hits.length;
      await expect(
        guardedRequest(`http://127.0.0.1:${port}/a`, {}, new OutgoingPolicy()),
      ).rejects.toBeInstanceOf(OutgoingUrlRefused);
      await expect(
        guardedRequest(`http://localhost:${port}/b`, {}, new OutgoingPolicy()),
      ).rejects.toBeInstanceOf(OutgoingUrlRefused);
      expect(hits.length).toBe(before);
    });

    it('connects when allowed, and checks every redirect again', async () => {
      const policy = new OutgoingPolicy(['127.0.0.1/32']);
      const ok = await guardedRequest(`http://127.0.0.1:${port}/hook`, { method: 'POST', body: 'x' }, policy);
      expect(ok).toMatchObject({ status: 200, body: 'ok' });
      const followed = await guardedRequest(
        `http://127.0.0.1:${port}/r?to=${encodeURIComponent(`http://127.0.0.1:${port}/landed`)}`,
        {},
        policy,
      );
      expect(followed.body).toBe('ok');
      expect(hits).toContain('GET /landed');
      const before = hits.length;
      await expect(
        guardedRequest(
          `http://127.0.0.1:${port}/r?to=${encodeURIComponent(`http://127.0.0.2:${port}/x`)}`,
          {},
          policy,
        ),
      ).rejects.toMatchObject({ address: '127.0.0.2' });
      // a name resolving to ::1 (localhost) is not in the allowance either
      await expect(
        guardedRequest(
          `http://127.0.0.1:${port}/r?to=${encodeURIComponent(`http://[::1]:${port}/y`)}`,
          {},
          policy,
        ),
      ).rejects.toBeInstanceOf(OutgoingUrlRefused);
      expect(hits.length).toBe(before + 2);
      expect(hits).not.toContain('GET /x');
    });
  });
});

describe('file download headers', () => {
  it('names files safely and shows inline only images and PDF', () => {
    expect(contentDisposition('inline', 'photo.jpg')).toBe('inline; filename="photo.jpg"');
    expect(contentDisposition('attachment', '../../etc/passwd')).toBe('attachment; filename="passwd"');
    expect(contentDisposition('attachment', 'a"b\r\nSet-Cookie: x.pdf')).toBe(
      'attachment; filename="a_bSet-Cookie: x.pdf"; filename*=UTF-8\'\'a%22bSet-Cookie%3A%20x.pdf',
    );
    expect(contentDisposition('attachment', 'Apólice.pdf')).toBe(
      'attachment; filename="Ap_lice.pdf"; filename*=UTF-8\'\'Ap%C3%B3lice.pdf',
    );
    expect(contentDisposition('attachment', '..')).toBe('attachment; filename="ficheiro"');
    expect(['image/png', 'image/jpeg', 'application/pdf', 'video/mp4'].map(inlineAllowed)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(
      ['image/svg+xml', 'text/html', 'application/xhtml+xml', 'text/javascript'].map(inlineAllowed),
    ).toEqual([false, false, false, false]);
  });
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(dialects())('uploaded files served (%s)', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let device: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    device = (await admin.post('/api/devices', { name: 'Camião 9', uniqueId: 'sec-files-1' })).body.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (path: string) => fetch(server.base + path, { headers: { cookie: admin.cookie } });

  it('a device picture: inline with its name and nosniff', async () => {
    const up = await fetch(`${server.base}/api/devices/${device}/image`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'content-type': 'image/png' },
      body: new Uint8Array(PNG),
    });
    expect(up.status).toBe(200);
    const file = await up.text();
    const res = await get(`/api/media/sec-files-1/${file}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="${file}"`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('a vehicle document: inline PDF or attachment, always nosniff', async () => {
    const pdf = samplePdf('Livrete');
    const created = await admin.post(`/report/api.php/document/${device}`, {
      designation: 'Livrete',
      document_type: 'insurance',
      warning: 0,
      expiry_date: '2099-01-01',
      file: {
        name: '<script>x".pdf',
        size: pdf.length,
        type: 'application/pdf',
        content: `data:application/pdf;base64,${pdf.toString('base64')}`,
      },
    });
    expect(created.status, created.text).toBe(200);
    const inline = await get(`/report/api.php/file/${created.body.id}`);
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-type')).toBe('application/pdf');
    expect(inline.headers.get('content-disposition')).toMatch(/^inline; filename="[^"\\]+\.pdf"$/);
    expect(inline.headers.get('x-content-type-options')).toBe('nosniff');
    const download = await get(`/report/api.php/file/${created.body.id}?download=1`);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"\\]+\.pdf"$/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
  });
});
