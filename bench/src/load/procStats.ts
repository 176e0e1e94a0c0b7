/** Resident memory and CPU time of another process, read from /proc (Linux). */
import { readFileSync } from 'node:fs';

/** clock ticks per second of /proc/<pid>/stat times: 100 on every Linux this runs on */
const TICKS_PER_SECOND = 100;

export interface ProcSample {
  /** when it was read, ms (performance.now) */
  at: number;
  rssMb: number;
  /** user + system CPU time since the process started, ms */
  cpuMs: number;
  /** time the main (JavaScript) thread was runnable but waiting for a core, ms (schedstat) */
  runQueueMs: number;
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
export function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** utime + stime (fields 14 and 15 of stat, counted from 1) in ms. */
export function cpuMsFromStat(stat: string): number {
  const f = statFields(stat);
  // f[0] is field 3 (state): field n is f[n - 3]
  return ((Number(f[11]) + Number(f[12])) * 1000) / TICKS_PER_SECOND;
}

/** VmRSS of /proc/<pid>/status in MB. */
export function rssMbFromStatus(status: string): number {
  const m = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!m) throw new Error('no VmRSS in /proc status');
  return Math.round(Number(m[1]) / 102.4) / 10;
}

/** The run-queue wait of /proc/<pid>/schedstat (its second field, ns) in ms. */
export function runQueueMsFromSchedstat(schedstat: string): number {
  return Number(schedstat.split(' ')[1]) / 1e6;
}

export function sampleProcess(pid: number): ProcSample {
  return {
    at: performance.now(),
    rssMb: rssMbFromStatus(readFileSync(`/proc/${pid}/status`, 'utf8')),
    cpuMs: cpuMsFromStat(readFileSync(`/proc/${pid}/stat`, 'utf8')),
    runQueueMs: runQueueMsFromSchedstat(readFileSync(`/proc/${pid}/schedstat`, 'utf8')),
  };
}

/** Percent of one core the process used between two samples. */
export function cpuPercent(from: ProcSample, to: ProcSample): number {
  return Math.round(((to.cpuMs - from.cpuMs) / Math.max(1, to.at - from.at)) * 1000) / 10;
}

/**
 * Percent of the time between two samples the main thread waited for a core while it had work: high when
 * other processes on the machine starve the server, whatever its own CPU figure says.
 */
export function runQueuePercent(from: ProcSample, to: ProcSample): number {
  return Math.round(((to.runQueueMs - from.runQueueMs) / Math.max(1, to.at - from.at)) * 1000) / 10;
}

/** Samples a process every `everyMs` until stopped; the samples in order. */
export class ProcSampler {
  readonly samples: ProcSample[] = [];
  private timer: NodeJS.Timeout;

  constructor(
    private readonly pid: number,
    everyMs = 1000,
  ) {
    this.sample();
    this.timer = setInterval(() => this.sample(), everyMs);
  }

  sample(): ProcSample {
    const s = sampleProcess(this.pid);
    this.samples.push(s);
    return s;
  }

  /** samples taken from `from` (performance.now) on */
  since(from: number): ProcSample[] {
    return this.samples.filter((s) => s.at >= from);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
