import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { freeDevicePorts } from '../../src/config';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

describe('the server process', () => {
  it('starts from the command line, creates the administrator, and exits 0 on SIGTERM after in-flight writes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'frota-proc-'));
    const port = await freePort();
    const teltonikaPort = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: {
        ...process.env,
        FROTA_PORT: String(port),
        FROTA_HOST: '127.0.0.1',
        FROTA_DATA_DIR: dir,
        ...freeDevicePorts(),
        FROTA_TELTONIKA_PORT: String(teltonikaPort),
        FROTA_OSMAND_PORT: '0',
        FROTA_CAMERA_PORT: '0',
        FROTA_ADMIN_PASSWORD: 'shutdown-pass',
        FROTA_LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    // main.ts prints this line once the server listens (whatever the log level)
    let listening!: () => void;
    const ready = new Promise<void>((resolve) => (listening = resolve));
    const heard = (d: Buffer) => {
      output += d;
      if (/ listening on http/.test(output)) listening();
    };
    child.stdout.on('data', heard);
    child.stderr.on('data', heard);
    // 'close' comes once the process has exited and its output is all read
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    try {
      const base = `http://127.0.0.1:${port}`;
      await Promise.race([
        ready,
        exited.then((code) => Promise.reject(new Error(`server exited (${code}): ${output}`))),
      ]);
      const login = await fetch(`${base}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=admin%40frota.local&password=shutdown-pass',
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.getSetCookie()[0].split(';')[0];
      // a tracker connection: the server closes it when it starts stopping (device listeners first)
      const tracker = connect(teltonikaPort, '127.0.0.1');
      tracker.on('error', () => undefined);
      await once(tracker, 'connect');
      const stopping = once(tracker, 'close');
      // a write in flight at SIGTERM: its headers are read (the server's 100 Continue says so) and its body
      // is sent only once the server is stopping
      const body = JSON.stringify({ name: 'Em curso', uniqueId: 'inflight-1' });
      const write = request(`${base}/api/devices`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          expect: '100-continue',
          cookie,
        },
      });
      const answered = once(write, 'response') as Promise<[import('node:http').IncomingMessage]>;
      await once(write, 'continue');
      child.kill('SIGTERM');
      await stopping;
      write.end(body);
      const [res] = await answered;
      res.resume();
      expect(res.statusCode).toBe(200);
      expect(await exited).toBe(0);
      const db = openDatabase({ kind: 'sqlite', file: join(dir, 'frota.db') });
      const row = await db.kysely
        .selectFrom('devices')
        .select('name')
        .where('uniqueId', '=', 'inflight-1')
        .executeTakeFirst();
      await db.close();
      expect(row?.name).toBe('Em curso');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
    expect(output).not.toMatch(/shutdown-pass/);
  }, 60000);
});
