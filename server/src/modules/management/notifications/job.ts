/**
 * The daily maintenance notifications job (issue 19): every minute the node holding the
 * `maintenance-notifications` lease looks at each notification; from 08:00 in the owner's timezone it
 * claims the owner's local day in `maintenance_notification_runs` (one row per notification and day, taken
 * by an insert or a compare-and-set, so two nodes or a restart never send the same day twice), works out
 * what is due and sends one e-mail — or none when there is nothing to say. A failed send is claimed again on
 * the next run; a claim left by a process that died while sending is taken over after STALE_CLAIM_MS.
 * A notification made after today's send hour starts the next day. Who may read what is decided at send
 * time: an owner disabled, expired or without management.summary gets nothing, and only the vehicles the
 * owner sees then are listed (issue 33).
 */
import { dueReport, hasPermission, NOTIFICATION_SEND_HOUR } from '@frota/core';
import type { Db } from '../../../db/database';
import type { Services } from '../../../services/context';
import type { User } from '../../../db/rows';
import { isExpired, loadUser } from '../../../auth/guard';
import { scopeFor } from '../../../auth/policy';
import { fromBool, toBool } from '../../../db/mapping';
import { startLeasedJob, type LeasedJob } from '../../../jobs/leasedJob';
import { zoneFor } from '../../../track/timezone';
import { MANAGEMENT_PERMISSION } from '../access';
import { dueVehicles } from './facts';
import { renderNotificationMail } from './mail';
import type { NotificationRow } from './rows';

export const NOTIFICATION_LEASE = 'maintenance-notifications';
export const STALE_CLAIM_MS = 15 * 60_000;

export type RunStatus = 'sent' | 'empty' | 'failed';

export interface RunOutcome {
  id: number;
  /** the owner's local day */
  day: string;
  status: RunStatus;
  /** vehicles listed in the e-mail */
  vehicles: number;
}

/** Takes the day of a notification: new, failed before, or left sending by a dead process. */
async function claimDay(db: Db, notificationId: number, day: string, now: number): Promise<boolean> {
  const k = db.kysely;
  const inserted = await k
    .insertInto('maintenanceNotificationRuns')
    .values({
      notificationId,
      day,
      status: 'sending',
      claimedAt: now,
      sentAt: null,
      attempts: 1,
      vehicles: 0,
      error: null,
    })
    .onConflict((oc) => oc.columns(['notificationId', 'day']).doNothing())
    .returning('day')
    .executeTakeFirst();
  if (inserted) return true;
  const run = await k
    .selectFrom('maintenanceNotificationRuns')
    .select(['status', 'claimedAt', 'attempts'])
    .where('notificationId', '=', notificationId)
    .where('day', '=', day)
    .executeTakeFirst();
  if (!run) return false;
  const claimedAt = Number(run.claimedAt);
  const again = run.status === 'failed' || (run.status === 'sending' && claimedAt < now - STALE_CLAIM_MS);
  if (!again) return false;
  const taken = await k
    .updateTable('maintenanceNotificationRuns')
    .set({ status: 'sending', claimedAt: now, attempts: Number(run.attempts) + 1, error: null })
    .where('notificationId', '=', notificationId)
    .where('day', '=', day)
    .where('status', '=', run.status)
    .where('claimedAt', '=', claimedAt)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

async function finishDay(
  db: Db,
  notificationId: number,
  day: string,
  outcome: { status: RunStatus; vehicles: number; sentAt?: number; error?: string },
): Promise<void> {
  await db.kysely
    .updateTable('maintenanceNotificationRuns')
    .set({
      status: outcome.status,
      vehicles: outcome.vehicles,
      sentAt: outcome.sentAt ?? null,
      error: outcome.error?.slice(0, 500) ?? null,
    })
    .where('notificationId', '=', notificationId)
    .where('day', '=', day)
    .execute();
}

/** Claims, works out and sends one notification's day; the outcome. */
async function sendDay(
  services: Services,
  n: NotificationRow,
  user: User,
  day: string,
  now: number,
): Promise<RunOutcome> {
  const id = Number(n.id);
  let vehicles = 0;
  try {
    const scope = await scopeFor(services.db, user);
    const report = dueReport(
      {
        maintenance: toBool(n.maintenance),
        maintenance_km: Number(n.maintenanceKm),
        maintenance_hours: Number(n.maintenanceHours),
        cost: toBool(n.cost),
        cost_days: Number(n.costDays),
        document: toBool(n.document),
        document_days: Number(n.documentDays),
        communication: toBool(n.communication),
        communication_hours: Number(n.communicationHours),
      },
      await dueVehicles(services.db, scope, { id, allDevices: toBool(n.allDevices) }),
      day,
      now,
    );
    vehicles = report.length;
    if (!report.length) {
      await finishDay(services.db, id, day, { status: 'empty', vehicles });
      return { id, day, status: 'empty', vehicles };
    }
    const mail = renderNotificationMail(report, {
      language: user.attributes.language,
      timeZone: zoneFor(user.attributes.timezone).name,
      now,
    });
    await services.mailer.send({ to: n.emails, ...mail });
    await finishDay(services.db, id, day, { status: 'sent', vehicles, sentAt: now });
    return { id, day, status: 'sent', vehicles };
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    await finishDay(services.db, id, day, { status: 'failed', vehicles, error });
    return { id, day, status: 'failed', vehicles };
  }
}

/**
 * One pass over every notification at `now`: the days claimed and what became of them (a notification
 * whose day is not due yet, already done, or claimed by another node is not listed).
 */
export async function runMaintenanceNotifications(
  services: Services,
  now = Date.now(),
): Promise<RunOutcome[]> {
  const rows = await services.db.kysely
    .selectFrom('maintenanceNotifications')
    .selectAll()
    .where((eb) =>
      eb.or(
        (['maintenance', 'cost', 'document', 'communication'] as const).map((kind) =>
          eb(kind, '=', fromBool(services.db.dialect, true)),
        ),
      ),
    )
    .orderBy('id')
    .execute();
  const users = new Map<number, User | null>();
  const owner = async (userId: number) => {
    if (!users.has(userId)) {
      const found = await loadUser(services, userId);
      let user: User | null = null;
      // checked at send time: an owner who lost the management permission gets no more e-mails (issue 33)
      if (found && !found.disabled && !isExpired(found, now) && hasPermission(found, MANAGEMENT_PERMISSION)) {
        const { hashedPassword: _h, salt: _s, ...clean } = found;
        user = clean;
      }
      users.set(userId, user);
    }
    return users.get(userId)!;
  };
  const done: RunOutcome[] = [];
  for (const n of rows) {
    const user = await owner(Number(n.userId));
    if (!user) continue;
    const zone = zoneFor(user.attributes.timezone);
    const p = zone.parts(now);
    const sendAt = zone.toUtc(p.year, p.month, p.day, NOTIFICATION_SEND_HOUR);
    if (now < sendAt || sendAt <= Number(n.createdAt)) continue;
    const day = zone.dayKey(now);
    if (!(await claimDay(services.db, Number(n.id), day, now))) continue;
    done.push(await sendDay(services, n, user, day, now));
  }
  return done;
}

export interface NotifierOptions {
  intervalMs?: number;
  firstDelayMs?: number;
  holder?: string;
  now?: () => number;
  onError?: (error: unknown) => void;
  /** lease row name (tests run their own nodes beside the server's) */
  lease?: string;
}

/** The periodic job, one node at a time (lease); started by server.ts next to the report scheduler. */
export function startMaintenanceNotifier(services: Services, options: NotifierOptions = {}): LeasedJob {
  return startLeasedJob({
    db: services.db,
    lease: options.lease ?? NOTIFICATION_LEASE,
    intervalMs: options.intervalMs ?? 60_000,
    firstDelayMs: options.firstDelayMs,
    holder: options.holder,
    now: options.now,
    onError: options.onError,
    run: (now) => runMaintenanceNotifications(services, now),
  });
}
