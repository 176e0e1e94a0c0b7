/** The processes of a local cluster: app nodes (server/src/main.ts) and HAProxy, with their logs in files. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Whether `port` can be bound on loopback now. */
const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/**
 * Below the range the system hands out to outgoing connections and to `listen(0)` (Linux: 32768–60999):
 * a port chosen now is bound later (HAProxy's after every node has started), and meanwhile any process's
 * connection to the database or Redis could take an ephemeral one ("Address already in use" in CI).
 */
export const STABLE_PORTS = { from: 20_000, to: 32_000 } as const;

/** A loopback port free now, outside the ephemeral range (else, rarely, one the system picks). */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 64; attempt++) {
    const port = STABLE_PORTS.from + Math.floor(Math.random() * (STABLE_PORTS.to - STABLE_PORTS.from));
    if (await bindable(port)) return port;
  }
  return new Promise<number>((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** The HAProxy binary: FROTA_HAPROXY, else the Debian package's, else one on PATH; undefined when none. */
export function findHaproxy(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [env.FROTA_HAPROXY, '/usr/sbin/haproxy', '/usr/local/sbin/haproxy'];
  for (const dir of (env.PATH ?? '').split(':')) if (dir) candidates.push(`${dir}/haproxy`);
  return candidates.find((c): c is string => Boolean(c) && existsSync(c!));
}

export interface Proc {
  child: ChildProcess;
  /** the last 20 kB of its output */
  tail(): string;
  exited: Promise<number | null>;
  /** signals it (SIGTERM: clean stop; SIGKILL: a crash) and waits for the exit */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function startProcess(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
  logFile: string,
): Proc {
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(logFile, { flags: 'a' });
  let tail = '';
  const keep = (d: Buffer) => {
    log.write(d);
    tail = (tail + d.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code, signal) => {
      log.end();
      resolve(code ?? (signal ? -1 : null));
    }),
  );
  return {
    child,
    tail: () => tail,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Polls `url` until it answers 200; fails when the process exits first or after `timeoutMs`. */
export async function waitReady(url: string, proc: Proc, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null)
      throw new Error(`process exited before ${url} answered:\n${proc.tail()}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${proc.tail()}`);
}
