/**
 * One Frota node in a process of its own (its /proc is what the load bench samples): its own data
 * directory and free loopback ports, log to a file, ready when GET /api/server answers. Its inspector
 * listens on loopback, so the bench can ask for a full garbage collection before reading memory (what the
 * node keeps, not what waits to be collected).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { startNode } from './childProcess';
import { freeDevicePorts } from '../../../server/src/config';

const MAIN = fileURLToPath(new URL('../../../server/src/main.ts', import.meta.url));

export interface ServerNode {
  process: ChildProcess;
  pid: number;
  base: string;
  teltonikaPort: number;
  logFile: string;
  /** the server's JavaScript memory, from its /metrics (prom-client's process metrics); `gc`: after a full collection */
  memory(options?: { gc?: boolean }): Promise<ServerMemory>;
  stop(): Promise<void>;
}

export interface ServerMemory {
  /** V8 heap in use, MB */
  heapUsedMb: number;
  /** memory held outside the V8 heap by JS objects (buffers), MB */
  externalMb: number;
}

/** A loopback TCP port nothing listens on now (the kernel's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function ready(base: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/server`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not ready within ${timeoutMs} ms`);
}

/** A full garbage collection in the node, through its inspector (Chrome DevTools protocol). */
async function collectGarbage(inspectPort: number): Promise<void> {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as Array<{
    webSocketDebuggerUrl: string;
  }>;
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' })));
    ws.on('message', (data) => {
      if ((JSON.parse(String(data)) as { id?: number }).id !== 1) return;
      ws.close();
      resolve();
    });
  });
}

export async function startServerNode(
  dataDir: string,
  settings: { databaseUrl?: string; redisUrl?: string },
): Promise<ServerNode> {
  const [http, teltonika, osmand, camera, inspect] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const logFile = join(dataDir, 'server.log');
  const metricsToken = randomBytes(16).toString('hex');
  const log = openSync(logFile, 'a');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    FROTA_HOST: '127.0.0.1',
    FROTA_PORT: String(http),
    FROTA_DATA_DIR: dataDir,
    ...freeDevicePorts(),
    FROTA_TELTONIKA_PORT: String(teltonika),
    FROTA_OSMAND_PORT: String(osmand),
    FROTA_CAMERA_PORT: String(camera),
    FROTA_LOG_LEVEL: 'warn',
    FROTA_WEB_DIR: '/nonexistent',
    FROTA_ADMIN_PASSWORD: 'load-bench-admin',
    FROTA_METRICS_TOKEN: metricsToken,
  };
  delete env.FROTA_DATABASE_URL;
  delete env.FROTA_REDIS_URL;
  if (settings.databaseUrl) env.FROTA_DATABASE_URL = settings.databaseUrl;
  if (settings.redisUrl) env.FROTA_REDIS_URL = settings.redisUrl;
  const child = startNode(MAIN, { env, stdout: log, nodeArgs: [`--inspect=127.0.0.1:${inspect}`] });
  closeSync(log);
  const base = `http://127.0.0.1:${http}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await ready(base, child, 120_000);
  return {
    process: child,
    pid: child.pid!,
    base,
    teltonikaPort: teltonika,
    logFile,
    memory: async (options = {}) => {
      if (options.gc) await collectGarbage(inspect);
      const text = await (
        await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
      ).text();
      const mb = (name: string) => {
        const m = new RegExp(`^${name} ([0-9.e+]+)`, 'm').exec(text);
        return m ? Math.round((Number(m[1]) / 1048576) * 10) / 10 : 0;
      };
      return {
        heapUsedMb: mb('nodejs_heap_size_used_bytes'),
        externalMb: mb('nodejs_external_memory_bytes'),
      };
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Warning and error lines the server logged (pino levels 40 and up). */
export function loggedProblems(logFile: string): { count: number; first: string[] } {
  const lines = readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((l) => /"level":(4|5|6)0/.test(l));
  return { count: lines.length, first: lines.slice(0, 3).map((l) => l.slice(0, 300)) };
}

export async function login(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('frota_session='));
  if (!cookie) throw new Error('login answered without a frota_session cookie');
  return cookie;
}
