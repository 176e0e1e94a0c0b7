/**
 * The HTTP edge: the web app's files precompressed and cached (immutable hashed assets, revalidated
 * index.html, ETags), API answers compressed, no web page where an API is expected, security headers on
 * every kind of response.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const SCRIPT = `export const fleet = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `vehicle ${i}`))};\n`;
const PAGE =
  '<!doctype html><html><head><title>Frota</title></head><body><div id="root"></div></body></html>';
const ASSET = '/assets/index-AbC123xY.js';

function webBuild(dir: string): void {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), PAGE);
  writeFileSync(join(dir, 'index.html.gz'), gzipSync(PAGE));
  writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(PAGE));
  writeFileSync(join(dir, ASSET), SCRIPT);
  writeFileSync(join(dir, `${ASSET}.gz`), gzipSync(SCRIPT));
  writeFileSync(join(dir, `${ASSET}.br`), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => undefined);');
}

const SECURITY_HEADERS = (res: Raw) => {
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(csp).toContain("worker-src 'self' blob:");
  expect(csp).not.toContain('unsafe-eval');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['strict-transport-security']).toBeUndefined();
};

describe('HTTP edge', () => {
  let server: TestServer;
  let web: string;
  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'frota-web-'));
    webBuild(web);
    server = await startTestServer('sqlite', { FROTA_WEB_DIR: web, FROTA_TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('sends a hashed asset brotli or gzip by Accept-Encoding, cached for a year as immutable', async () => {
    const br = await rawGet(server.base, ASSET, { 'Accept-Encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);

    const gz = await rawGet(server.base, ASSET, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await rawGet(server.base, ASSET);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('revalidates index.html and the service worker on every visit, answering 304 to a known ETag', async () => {
    for (const path of ['/', '/index.html', '/settings/devices', '/sw.js']) {
      const res = await rawGet(server.base, path, { 'Accept-Encoding': 'br' });
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
    const page = await rawGet(server.base, '/settings/devices', { 'Accept-Encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.body).toString()).toBe(PAGE);
    const first = await rawGet(server.base, '/index.html');
    const again = await rawGet(server.base, '/index.html', { 'If-None-Match': String(first.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('compresses API answers over 1 KB and leaves small ones alone', async () => {
    const big = await rawGet(server.base, '/api/openapi.json', { 'Accept-Encoding': 'br' });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.body).toString()).openapi).toMatch(/^3\./);
    const gz = await rawGet(server.base, '/api/openapi.json', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const small = await rawGet(server.base, '/api/server', { 'Accept-Encoding': 'br, gzip' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('answers 404 text, never the web page, for unknown API, report and file paths', async () => {
    for (const path of [
      '/api/nothing',
      '/api',
      '/report/report_nothing.php',
      '/report/logo.php',
      '/report/api.php/nothing',
      '/assets/missing-1234.js',
    ]) {
      const res = await rawGet(server.base, path);
      expect(res.status, path).toBe(404);
      expect(String(res.headers['content-type']), path).toMatch(/^text\/plain/);
      expect(res.body.toString(), path).toBe('Not found');
    }
    for (const path of ['/report/trips', '/settings/device/3', '/']) {
      const res = await rawGet(server.base, path);
      expect(res.status, path).toBe(200);
      expect(String(res.headers['content-type']), path).toMatch(/^text\/html/);
    }
  });

  it('puts the security headers on a page, an asset, an API answer and an error', async () => {
    for (const path of ['/', ASSET, '/api/server', '/api/nothing'])
      SECURITY_HEADERS(await rawGet(server.base, path));
  });

  it('asks for HTTPS only (HSTS) when served over HTTPS', async () => {
    const https = await rawGet(server.base, '/api/server', { 'X-Forwarded-Proto': 'https' });
    expect(https.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
