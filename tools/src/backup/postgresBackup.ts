/**
 * PostgreSQL through the client tools: `pg_dump` (custom format) and `pg_restore`. The password never
 * goes on the command line (other users could read it in the process list): it is passed as PGPASSWORD.
 */
import { spawn, spawnSync } from 'node:child_process';

/** Whether a PostgreSQL client tool is installed (on PATH). */
export function hasTool(name: 'pg_dump' | 'pg_restore'): boolean {
  return spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0;
}

export const MISSING_TOOL = (name: string) =>
  `${name} not found: install the PostgreSQL client tools (Debian: apt-get install postgresql-client) ` +
  `in the version of the server, then run this again`;

/** The connection URL without its password, and the environment that carries the password instead. */
export function connection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += String(d)));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

export async function backupPostgres(url: string, target: string): Promise<void> {
  if (!hasTool('pg_dump')) throw new Error(MISSING_TOOL('pg_dump'));
  const c = connection(url);
  await run('pg_dump', ['--format=custom', '--no-owner', `--file=${target}`, `--dbname=${c.url}`], c.env);
}

/** Restores into the database of `url`, replacing the objects the dump holds, in one transaction. */
export async function restorePostgres(url: string, source: string): Promise<void> {
  if (!hasTool('pg_restore')) throw new Error(MISSING_TOOL('pg_restore'));
  const c = connection(url);
  await run(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${c.url}`, source],
    c.env,
  );
}
