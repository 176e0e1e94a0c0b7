import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';

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
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: {
        ...process.env,
        FROTA_PORT: String(port),
        FROTA_HOST: '127.0.0.1',
        FROTA_DATA_DIR: dir,
        FROTA_TELTONIKA_PORT: '0',
        FROTA_OSMAND_PORT: '0',
        FROTA_CAMERA_PORT: '0',
        FROTA_ADMIN_PASSWORD: 'shutdown-pass',
        FROTA_LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 200; i++) {
        const ok = await fetch(`${base}/api/server`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const login = await fetch(`${base}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=admin%40frota.local&password=shutdown-pass',
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.getSetCookie()[0].split(';')[0];
      const write = fetch(`${base}/api/devices`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ name: 'Em curso', uniqueId: 'inflight-1' }),
      });
      await new Promise((r) => setTimeout(r, 5));
      child.kill('SIGTERM');
      const res = await write;
      expect(res.status).toBe(200);
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
