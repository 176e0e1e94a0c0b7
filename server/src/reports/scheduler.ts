/**
 * Scheduled reports by e-mail: every minute the node holding the `report-scheduler` lease sends the due
 * schedules. Each run is also claimed on its own row (last_run compare-and-set), so even two nodes that
 * both believe they hold the lease never send the same run twice.
 */
import { randomBytes } from 'node:crypto';
import type { Services } from '../services/context';
import { zoneFor } from './engine/timezone';
import { dueRun } from './schedules/due';
import { ScheduleSkipped, sendSchedule } from './schedules/send';
import { reportDb, scheduleJson } from './schedules/store';

export interface ReportScheduler {
  stop(): Promise<void>;
}

export interface SchedulerOptions {
  intervalMs?: number;
  holder?: string;
  now?: () => number;
  onError?: (error: unknown) => void;
  /** lease row name (tests run their own nodes beside the server's) */
  lease?: string;
}

export const LEASE = 'report-scheduler';

/** Takes or renews the lease; true when this holder has it until now + ttl. */
export async function acquireLease(
  services: Services,
  holder: string,
  now: number,
  ttlMs: number,
  name = LEASE,
): Promise<boolean> {
  const k = services.db.kysely;
  await k
    .insertInto('leases')
    .values({ name, holder, expiresAt: now + ttlMs })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expiresAt: now + ttlMs })
        .where((eb) => eb.or([eb('leases.expiresAt', '<', now), eb('leases.holder', '=', holder)])),
    )
    .execute();
  const row = await k.selectFrom('leases').select('holder').where('name', '=', name).executeTakeFirst();
  return row?.holder === holder;
}

export async function releaseLease(services: Services, holder: string, name = LEASE): Promise<void> {
  await services.db.kysely
    .deleteFrom('leases')
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}

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

export function startReportScheduler(services: Services, options: SchedulerOptions = {}): ReportScheduler {
  const interval = options.intervalMs ?? 60_000;
  const holder = options.holder ?? `node-${randomBytes(6).toString('hex')}`;
  const now = options.now ?? Date.now;
  const lease = options.lease ?? LEASE;
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      if (await acquireLease(services, holder, now(), interval * 3, lease))
        await runDueSchedules(services, now());
    })()
      .catch((e) => options.onError?.(e))
      .finally(() => (running = undefined));
  };
  // the first run one interval after start: a starting node does not race the running ones
  const timer = setInterval(tick, interval);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await releaseLease(services, holder, lease).catch(() => undefined);
    },
  };
}
