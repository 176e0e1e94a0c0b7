/**
 * Scheduled reports by e-mail: every minute the node holding the `report-scheduler` lease sends the due
 * schedules. Each run is also claimed on its own row (last_run compare-and-set), so even two nodes that
 * both believe they hold the lease never send the same run twice.
 */
import { startLeasedJob, type LeasedJob } from '../jobs/leasedJob';
import type { Services } from '../services/context';
import { zoneFor } from '../track/timezone';
import { dueRun } from './schedules/due';
import { ScheduleSkipped, sendSchedule } from './schedules/send';
import { reportDb, scheduleJson } from './schedules/store';

export interface SchedulerOptions {
  intervalMs?: number;
  holder?: string;
  now?: () => number;
  onError?: (error: unknown) => void;
  /** lease row name (tests run their own nodes beside the server's) */
  lease?: string;
}

export const LEASE = 'report-scheduler';

/** Sends every due schedule once; returns the ids sent (or attempted). */
export async function runDueSchedules(services: Services, now = Date.now()): Promise<number[]> {
  const k = reportDb(services.db);
  const rows = await k
    .selectFrom('reportScheduler')
    .innerJoin('users', 'users.id', 'reportScheduler.userId')
    .selectAll('reportScheduler')
    .select('users.attributes as userAttributes')
    .orderBy('reportScheduler.id')
    .execute();
  const done: number[] = [];
  for (const row of rows) {
    const attrs =
      typeof row.userAttributes === 'string' ? JSON.parse(row.userAttributes || '{}') : row.userAttributes;
    const zone = zoneFor(attrs?.timezone);
    const lastRun = row.lastRun == null ? null : Number(row.lastRun);
    const run = dueRun(
      zone,
      {
        periodicity: row.reportPeriodicity,
        day: Number(row.reportDay),
        createdAt: Number(row.createdAt),
        lastRun,
      },
      now,
    );
    if (!run) continue;
    const claim = await k
      .updateTable('reportScheduler')
      .set({ lastRun: now, lastStatus: 'a enviar' })
      .where('id', '=', row.id)
      .where((eb) => (lastRun === null ? eb('lastRun', 'is', null) : eb('lastRun', '=', lastRun)))
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) continue;
    let status = 'sent';
    try {
      await sendSchedule(services, scheduleJson(row), run, now);
    } catch (e) {
      status =
        e instanceof ScheduleSkipped ? e.message : `Erro: ${(e as Error).message ?? String(e)}`.slice(0, 500);
    }
    await k.updateTable('reportScheduler').set({ lastStatus: status }).where('id', '=', row.id).execute();
    done.push(Number(row.id));
  }
  return done;
}

export function startReportScheduler(services: Services, options: SchedulerOptions = {}): LeasedJob {
  return startLeasedJob({
    db: services.db,
    lease: options.lease ?? LEASE,
    intervalMs: options.intervalMs ?? 60_000,
    holder: options.holder,
    now: options.now,
    onError: options.onError,
    run: (now) => runDueSchedules(services, now),
  });
}
