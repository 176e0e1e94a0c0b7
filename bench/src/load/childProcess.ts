/**
 * Starts a Node process (TypeScript through tsx) with its open-file limit raised to the hard limit, since
 * thousands of sockets need thousands of descriptors; with an IPC channel when asked.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export function startNode(
  script: string,
  options: {
    env?: NodeJS.ProcessEnv;
    ipc?: boolean;
    stdout?: 'inherit' | 'ignore' | number;
    /** Node's own flags (`--inspect=…`) */
    nodeArgs?: string[];
  } = {},
): ChildProcess {
  // `exec` keeps the pid, so /proc/<pid> of the child is the Node process itself
  return spawn(
    'sh',
    [
      '-c',
      'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" "$@"',
      process.execPath,
      ...(options.nodeArgs ?? []),
      '--import',
      'tsx',
      script,
    ],
    {
      env: options.env ?? process.env,
      stdio: ['ignore', options.stdout ?? 'inherit', 'inherit', ...(options.ipc ? (['ipc'] as const) : [])],
    },
  );
}

/** The soft "Max open files" limit of a process. */
export function openFileLimit(pid: number | 'self'): number {
  const m = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'));
  return m && m[1] !== 'unlimited' ? Number(m[1]) : Infinity;
}

/** Waits for a message of type `type` from a child. */
export function waitFor<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { type: string }) => {
      if (m.type !== type) return;
      cleanup();
      resolve(m as T);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`load process exited with ${code} while waiting for "${type}"`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

/** Sends `message` to a child and waits for its answer of type `answer`. */
export function ask<T>(child: ChildProcess, message: unknown, answer: string): Promise<T> {
  const answered = waitFor<T>(child, answer);
  child.send(message as never);
  return answered;
}
