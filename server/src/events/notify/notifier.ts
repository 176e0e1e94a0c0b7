/**
 * The alert notifier: stored events in, e-mails and SMS out. `handle` only queues (ingestion never waits);
 * a batch of events costs one cached read of the rules and one visibility read per new recipient.
 *
 * The web notificator needs nothing here: the pipeline already publishes every event to the sockets of the
 * users who see the vehicle, and the web client shows each one as a notification (document 1 §4).
 */
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import type { LiveHub } from '../../live/hub';
import type { Mailer } from '../../services/mailer';
import type { User } from '../../db/rows';
import type { EventContext } from '../../processing/types';
import { createDeliveryQueue, DEFAULT_RETRY, type Delivery, type RetryPolicy } from './deliveryQueue';
import { createRuleDirectory } from './lookup';
import { renderEventMail } from './mailTemplate';
import { candidateUsers, commaList, matchEvent, type Match } from './matching';
import { isNumericPhone, renderEventSms, type SmsSender } from './sms';

export interface NotifierOptions {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  /** accepted for the pipeline's wiring; not used, since every event already reaches the sockets */
  live?: Pick<LiveHub, 'publish'>;
  log: Logger;
  retry?: RetryPolicy;
  /** how long notifications, links and visibility are reused before being read again (default 5 s) */
  cacheMs?: number;
  /** deliveries in flight at once (default 4) */
  concurrency?: number;
}

export interface Notifier {
  /** queues the events; returns at once and never throws */
  handle(contexts: EventContext[]): void;
  /** resolves when every queued event has been matched and every delivery finished or given up */
  idle(): Promise<void>;
  /** refuses new events, delivers what is queued without pausing between retries */
  close(): Promise<void>;
  /** reads notifications, links and visibility again on the next batch */
  invalidate(): void;
}

const BATCH = 1000;
const MAX_PENDING = 100_000;
const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Addresses not yet used for this event, remembered in `used` (so no one gets the same alert twice). */
function fresh(addresses: string[], used: Set<string>): string[] {
  const out: string[] = [];
  for (const address of addresses) {
    const key = address.toLowerCase();
    if (!EMAIL.test(address) || used.has(key)) continue;
    used.add(key);
    out.push(address);
  }
  return out;
}

export function createNotifier(options: NotifierOptions): Notifier {
  const { db, mailer, sms, log } = options;
  const directory = createRuleDirectory(db, options.cacheMs ?? 5000);
  let pending: EventContext[] = [];
  let draining = false;
  let closed = false;
  let waiters: Array<() => void> = [];

  const quiet = () => !draining && !pending.length && !queue.busy;
  const settle = () => {
    if (!quiet()) return;
    const done = waiters;
    waiters = [];
    done.forEach((resolve) => resolve());
  };
  const queue = createDeliveryQueue({
    log,
    retry: options.retry ?? DEFAULT_RETRY,
    concurrency: options.concurrency ?? 4,
    onSettled: settle,
  });

  function deliveries(ctx: EventContext, matches: Match[]): Delivery[] {
    const out: Delivery[] = [];
    const mailed = new Set<string>();
    const texted = new Set<string>();
    for (const { notification, recipients } of matches) {
      const mail = notification.notificators.has('mail');
      const text = notification.notificators.has('sms');
      const description =
        typeof notification.attributes.description === 'string' ? notification.attributes.description : null;
      let first = true;
      for (const user of recipients) {
        const label = { eventId: ctx.event.id, notificationId: notification.id, userId: user.id };
        if (mail) {
          // emailTo and emailCc go with the first recipient's mail, once per event
          const extraTo = first ? commaList(notification.attributes.emailTo) : [];
          const to = fresh([user.email, ...extraTo], mailed);
          const cc = fresh(first ? commaList(notification.attributes.emailCc) : [], mailed);
          if (to.length || cc.length) out.push(mailDelivery(ctx, user, description, to, cc, label));
        }
        if (text && isNumericPhone(user.phone) && !texted.has(user.phone.trim())) {
          const phone = user.phone.trim();
          texted.add(phone);
          const message = renderEventSms(ctx, user.attributes);
          out.push({ label: { ...label, channel: 'sms' }, run: () => sms.send(phone, message) });
        }
        first = false;
      }
    }
    return out;
  }

  function mailDelivery(
    ctx: EventContext,
    user: User,
    description: string | null,
    to: string[],
    cc: string[],
    label: Record<string, unknown>,
  ): Delivery {
    const content = renderEventMail(ctx, { userAttributes: user.attributes, description });
    const message = to.length
      ? { ...content, to: to.join(', '), ...(cc.length ? { cc: cc.join(', ') } : {}) }
      : { ...content, to: cc.join(', ') };
    return {
      label: { ...label, channel: 'mail', recipients: to.length + cc.length },
      run: () => mailer.send(message),
    };
  }

  async function processBatch(batch: EventContext[]): Promise<void> {
    const set = await directory.rules();
    if (!set.byType.size) return;
    const events = batch.map((c) => c.event);
    const users = candidateUsers(events, set);
    if (!users.size) return;
    const sees = await directory.visibility(users, set);
    for (const ctx of batch) {
      const matches = matchEvent(ctx.event, set, sees);
      if (matches.length) deliveries(ctx, matches).forEach((d) => queue.push(d));
    }
  }

  async function drain(): Promise<void> {
    while (pending.length) {
      const batch = pending.slice(0, BATCH);
      pending = pending.slice(BATCH);
      try {
        await processBatch(batch);
      } catch (err) {
        log.error({ events: batch.length, error: errorText(err) }, 'alert notifications not matched');
      }
    }
    draining = false;
    settle();
  }

  const idle = () => (quiet() ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)));

  return {
    handle(contexts) {
      try {
        if (closed) {
          if (contexts.length) log.warn({ events: contexts.length }, 'alert notifier closed: events ignored');
          return;
        }
        for (const ctx of contexts) pending.push(ctx);
        if (pending.length > MAX_PENDING) {
          log.warn(
            { dropped: pending.length - MAX_PENDING },
            'alert notifier overloaded: oldest events dropped',
          );
          pending = pending.slice(pending.length - MAX_PENDING);
        }
        if (!draining && pending.length) {
          draining = true;
          setImmediate(() => void drain());
        }
      } catch (err) {
        log.error({ error: errorText(err) }, 'alert notifier could not queue events');
      }
    },

    idle,

    async close() {
      closed = true;
      queue.hurry();
      await idle();
    },

    invalidate() {
      directory.invalidate();
    },
  };
}
