/**
 * CPU time of each thread of this process (Linux: /proc/self/task), to split a run's CPU between the main
 * thread, the busiest other one (SQLite's writer thread when it runs) and the rest (the collector's helper
 * threads, libuv's pool). Nothing on a system without /proc.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks of user and system time per thread id. */
export function threadTicks(): Map<number, number> {
  const out = new Map<number, number>();
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return out;
  }
  for (const task of tasks) {
    try {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      // fields after the command name (which may hold spaces): utime and stime are the 12th and 13th
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(task), Number(fields[11]) + Number(fields[12]));
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
}

/** µs of CPU per record of the main thread, the busiest other thread and all the others since `start`. */
export function threadUsPerRecord(start: Map<number, number>, records: number) {
  const end = threadTicks();
  if (!end.size || !records) return null;
  // ticks are 1/100 s on Linux (USER_HZ)
  const us = (ticks: number) => Math.round(((ticks * 10_000) / records) * 100) / 100;
  const spent = [...end].map(([id, ticks]) => ({ id, ticks: ticks - (start.get(id) ?? 0) }));
  const main = spent.find((t) => t.id === process.pid)?.ticks ?? 0;
  const others = spent.filter((t) => t.id !== process.pid).sort((a, b) => b.ticks - a.ticks);
  const rest = others.slice(1).reduce((n, t) => n + t.ticks, 0);
  return { main: us(main), busiestOther: us(others[0]?.ticks ?? 0), rest: us(rest) };
}
