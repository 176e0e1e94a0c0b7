/** Real server processes (main.ts) for tests that need several nodes or a kill. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { freeDevicePorts } from '../src/config';

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
  /** resolves with the exit code once the process has exited and its output is all read */
  exited: Promise<number | null>;
  /**
   * Resolves once the output from offset `from` on (read so far or next) matches `pattern`; rejects if the
   * process ends first.
   */
  waitForOutput(pattern: RegExp, from?: number, timeoutMs?: number): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The line main.ts prints once the server is listening (whatever the log level). */
const READY = / listening on http/;

/**
 * Starts main.ts on free ports. A port found free can be taken by another test's process before the server
 * binds it (EADDRINUSE): the start is tried again on other ports, up to three times.
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnServerOnce(env);
    } catch (error) {
      if (attempt >= 3 || !String((error as Error).message).includes('EADDRINUSE')) throw error;
    }
  }
}

async function spawnServerOnce(env: Record<string, string>): Promise<ServerProcess> {
  const [port, teltonikaPort, osmandPort] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      FROTA_PORT: String(port),
      FROTA_HOST: '127.0.0.1',
      ...freeDevicePorts(),
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
  const waiters = new Set<() => void>();
  const heard = (d: Buffer) => {
    output += d;
    for (const waiter of [...waiters]) waiter();
  };
  child.stdout!.on('data', heard);
  child.stderr!.on('data', heard);
  let ended = false;
  // 'close' comes after 'exit' once stdout and stderr are read to their end: no output is lost
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      ended = true;
      for (const waiter of [...waiters]) waiter();
      resolve(code);
    }),
  );
  const waitForOutput = (pattern: RegExp, from = 0, timeoutMs = 60_000) =>
    new Promise<void>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        waiters.delete(waiter);
      };
      const waiter = () => {
        if (pattern.test(output.slice(from))) {
          done();
          resolve();
        } else if (ended) {
          done();
          reject(new Error(`server exited before printing ${pattern}: ${output}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`server printed no ${pattern} in ${timeoutMs} ms: ${output}`));
      }, timeoutMs);
      waiters.add(waiter);
      waiter();
    });
  const base = `http://127.0.0.1:${port}`;
  await waitForOutput(READY);
  return {
    base,
    teltonikaPort,
    osmandPort,
    child,
    output: () => output,
    exited,
    waitForOutput,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
