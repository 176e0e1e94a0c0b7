/**
 * The scheduled-reports job (Traccar's TaskReports): every minute the node holding the
 * `traccar-scheduled-reports` lease looks at each report's calendar; the periods that ended since the
 * report's last check are run and mailed to each user linked to the report. Each report's check is claimed
 * by a compare-and-set of `checkedAt`, so two nodes (or a lease taken over mid-run) never send one period
 * twice; a failed send is logged and not retried, as Traccar's mailer does.
 */
import type { Services } from '../../../services/context';
import type { User } from '../../../db/rows';
import { isExpired, loadUser } from '../../../auth/guard';
import { scopeFor } from '../../../auth/policy';
import { parseJson } from '../../../db/mapping';
import { startLeasedJob, type LeasedJob } from '../../../jobs/leasedJob';
import { CalendarError, parseCalendar } from '../../../events/calendars/calendarContains';
import { periodsEnded, type Period } from './occurrences';
import { mailScheduledReport } from './reportMail';
import { SCHEDULED_TYPES, type ScheduledType } from './reportStore';

export const SCHEDULED_REPORTS_LEASE = 'traccar-scheduled-reports';
/** A node that was down a long time sends the latest periods only, not a flood of old ones. */
export const MAX_PERIODS_PER_CHECK = 31;

export interface SentReport {
  reportId: number;
  userId: number;
  period: Period;
  /** 'sent', or why it was not (the recipient's missing permission, no vehicle …) */
  status: string;
}

const idsOf = async (
  services: Services,
  table: 'deviceTraccarReport' | 'groupTraccarReport',
  reportId: number,
) => {
  const column = table === 'deviceTraccarReport' ? 'deviceId' : 'groupId';
  const rows = await services.db.kysely
    .selectFrom(table)
    .select(column)
    .where('reportId', '=', reportId)
    .orderBy(column)
    .execute();
  return rows.map((r) => Number((r as Record<string, unknown>)[column]));
};

/** The users a report goes to: linked, enabled and not expired. */
async function recipients(services: Services, reportId: number, now: number): Promise<User[]> {
  const links = await services.db.kysely
    .selectFrom('userTraccarReport')
    .select('userId')
    .where('reportId', '=', reportId)
    .orderBy('userId')
    .execute();
  const users: User[] = [];
  for (const { userId } of links) {
    const found = await loadUser(services, Number(userId));
    if (!found || found.disabled || isExpired(found, now)) continue;
    const { hashedPassword: _h, salt: _s, ...user } = found;
    users.push(user);
  }
  return users;
}

/** Checks every report once; returns what was sent (or attempted) for each recipient and period. */
export async function runScheduledReports(services: Services, now = Date.now()): Promise<SentReport[]> {
  const k = services.db.kysely;
  const reports = await k
    .selectFrom('traccarReports')
    .innerJoin('calendars', 'calendars.id', 'traccarReports.calendarId')
    .select([
      'traccarReports.id',
      'traccarReports.type',
      'traccarReports.description',
      'traccarReports.attributes',
      'traccarReports.checkedAt',
      'calendars.data as calendar',
    ])
    .orderBy('traccarReports.id')
    .execute();
  const done: SentReport[] = [];
  for (const report of reports) {
    const reportId = Number(report.id);
    const checkedAt = Number(report.checkedAt);
    if (now <= checkedAt) continue;
    const claim = await k
      .updateTable('traccarReports')
      .set({ checkedAt: now })
      .where('id', '=', reportId)
      .where('checkedAt', '=', checkedAt)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) continue;
    if (!SCHEDULED_TYPES.includes(report.type as ScheduledType)) continue;
    let periods: Period[];
    try {
      periods = periodsEnded(parseCalendar(String(report.calendar)), checkedAt, now);
    } catch (err) {
      if (err instanceof CalendarError) continue;
      throw err;
    }
    if (!periods.length) continue;
    const users = await recipients(services, reportId, now);
    const deviceIds = await idsOf(services, 'deviceTraccarReport', reportId);
    const groupIds = await idsOf(services, 'groupTraccarReport', reportId);
    for (const period of periods.slice(-MAX_PERIODS_PER_CHECK)) {
      for (const user of users) {
        let status = 'sent';
        try {
          await mailScheduledReport(services, await scopeFor(services.db, user), {
            type: report.type as ScheduledType,
            description: String(report.description ?? ''),
            attributes: parseJson(report.attributes),
            deviceIds,
            groupIds,
            period,
          });
        } catch (err) {
          status = err instanceof Error ? err.message : String(err);
        }
        done.push({ reportId, userId: user.id, period, status });
      }
    }
  }
  return done;
}

export interface ScheduledReportsOptions {
  intervalMs?: number;
  firstDelayMs?: number;
  holder?: string;
  now?: () => number;
  onError?: (error: unknown) => void;
  /** lease row name (tests run their own nodes beside the server's) */
  lease?: string;
  /** what was sent on each tick (the server logs failures) */
  onSent?: (sent: SentReport[]) => void;
}

/** The periodic job, one node at a time (lease); started by server.ts next to the report scheduler. */
export function startScheduledReports(services: Services, options: ScheduledReportsOptions = {}): LeasedJob {
  return startLeasedJob({
    db: services.db,
    lease: options.lease ?? SCHEDULED_REPORTS_LEASE,
    intervalMs: options.intervalMs ?? 60_000,
    firstDelayMs: options.firstDelayMs,
    holder: options.holder,
    now: options.now,
    onError: options.onError,
    run: async (now) => options.onSent?.(await runScheduledReports(services, now)),
  });
}
