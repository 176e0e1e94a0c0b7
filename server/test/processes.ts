/** Real server processes (main.ts) for tests that need several nodes or a kill. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export interface ServerProcess {
  base: string;
  teltonikaPort: number;
  osmandPort: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const [port, teltonikaPort, osmandPort] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      FROTA_PORT: String(port),
      FROTA_HOST: '127.0.0.1',
      FROTA_TELTONIKA_PORT: String(teltonikaPort),
      FROTA_OSMAND_PORT: String(osmandPort),
      FROTA_CAMERA_PORT: '0',
      FROTA_LOG_LEVEL: 'warn',
      FROTA_WEB_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    if (
      await fetch(`${base}/api/server`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    teltonikaPort,
    osmandPort,
    child,
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
