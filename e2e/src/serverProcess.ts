import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeDevicePorts } from '../../server/src/config';

export interface RunningServer {
  baseUrl: string;
  /** device ports (real listeners) for tests that feed positions */
  teltonikaPort: number;
  osmandPort: number;
  /** the fresh data directory (SQLite database `frota.db`) */
  dataDir: string;
  stop: () => Promise<void>;
}

const probePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/**
 * Ports handed out by this process: a probed port is free again once the probe closes, so two servers
 * started side by side could otherwise be handed the same one.
 */
const handedOut = new Set<number>();

async function freePort(): Promise<number> {
  for (;;) {
    const port = await probePort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the real server on free ports with a fresh data directory and waits for GET /api/server. A port
 * can still be taken by another process between the probe and the server's listen: the start is then
 * tried once more on other ports.
 */
export async function startServer(
  root: string,
  admin: { email: string; password: string },
  webDir: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  try {
    return await startServerOnce(root, admin, webDir, env);
  } catch (error) {
    if (!/EADDRINUSE/.test(String(error))) throw error;
    return startServerOnce(root, admin, webDir, env);
  }
}

async function startServerOnce(
  root: string,
  admin: { email: string; password: string },
  webDir: string,
  /** more settings, e.g. FROTA_SMTP_URL */
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const main = join(root, 'server', 'src', 'main.ts');
  if (!existsSync(main)) throw new Error(`e2e: ${main} is missing`);
  const port = await freePort();
  const teltonikaPort = await freePort();
  const osmandPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'frota-e2e-'));
  const logFile = join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const child: ChildProcess = spawn(join(root, 'node_modules', '.bin', 'tsx'), [main], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      FROTA_PORT: String(port),
      FROTA_DATA_DIR: dataDir,
      ...freeDevicePorts(),
      FROTA_TELTONIKA_PORT: String(teltonikaPort),
      FROTA_OSMAND_PORT: String(osmandPort),
      FROTA_CAMERA_PORT: '0',
      FROTA_HOST: '127.0.0.1',
      FROTA_WEB_DIR: webDir,
      FROTA_ADMIN_EMAIL: admin.email,
      FROTA_ADMIN_PASSWORD: admin.password,
      FROTA_LOG_LEVEL: 'warn',
      ...env,
    },
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exited = false;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!exited && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      // the exit, or a 5 s guard after which the process group is killed
      let guard: NodeJS.Timeout | undefined;
      await Promise.race([gone, new Promise<void>((resolve) => (guard = setTimeout(resolve, 5000)))]);
      clearTimeout(guard);
      if (!exited) process.kill(-child.pid, 'SIGKILL');
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited) break;
    try {
      const response = await fetch(`${baseUrl}/api/server`);
      if (response.ok) return { baseUrl, teltonikaPort, osmandPort, dataDir, stop };
    } catch {
      // Not listening yet.
    }
    // clock: a bounded poll of the child's port; at the warn level it announces nothing when it listens
    await sleep(250);
  }
  const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-3000) : '';
  await stop();
  throw new Error(`e2e: the server did not start\n${tail}`);
}
