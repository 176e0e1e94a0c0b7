/**
 * The notifications, their links, their users and the vehicles those users see, read from the database a
 * few queries at a time and kept for a short while: ingestion raises events far faster than rules change.
 */
import type { Db } from '../../db/database';
import { scopeFor, visibleIds } from '../../auth/policy';
import { notificationJson, userJson } from '../../db/rows';
import { calendarContains, parseCalendar, type ParsedCalendar } from '../calendars/calendarContains';
import { buildRuleSet, type CalendarTests, type RuleSet, type Sees } from './matching';

export interface RuleDirectory {
  /** the rule set, read again when older than the cache time */
  rules(): Promise<RuleSet>;
  /** who sees what, for these users (read for those not cached) */
  visibility(userIds: Iterable<number>, set: RuleSet): Promise<Sees>;
  /** forget everything (after notifications, links or users change) */
  invalidate(): void;
}

interface Cached<T> {
  at: number;
  value: T;
}

export function createRuleDirectory(db: Db, cacheMs: number, clock: () => number = Date.now): RuleDirectory {
  const k = db.kysely;
  let rules: Cached<RuleSet> | undefined;
  let loading: Promise<RuleSet> | undefined;
  let seen = new Map<number, Cached<Set<number> | 'all'>>();
  /** parsed calendars by id, kept while their text is unchanged (their expanded occurrences with them) */
  let parsedCalendars = new Map<number, { text: string; calendar: ParsedCalendar | null }>();
  const fresh = (c: Cached<unknown> | undefined) => c !== undefined && clock() - c.at < cacheMs;
  const parseOrNull = (text: string): ParsedCalendar | null => {
    try {
      return parseCalendar(text);
    } catch {
      return null;
    }
  };

  async function loadRules(): Promise<RuleSet> {
    const [notifications, userLinks, deviceLinks, users] = await Promise.all([
      k.selectFrom('notifications').selectAll().execute(),
      k.selectFrom('userNotification').select(['userId', 'notificationId']).execute(),
      k.selectFrom('deviceNotification').select(['deviceId', 'notificationId']).execute(),
      k
        .selectFrom('users')
        .selectAll()
        .where('id', 'in', k.selectFrom('userNotification').select('userNotification.userId'))
        .execute(),
    ]);
    return buildRuleSet(
      notifications.map((r) => notificationJson(r)),
      userLinks.map((l) => ({ notificationId: Number(l.notificationId), id: Number(l.userId) })),
      deviceLinks.map((l) => ({ notificationId: Number(l.notificationId), id: Number(l.deviceId) })),
      users.map((r) => userJson(r)),
      clock(),
      await calendarTests(notifications),
    );
  }

  /** The calendar test of each notification limited by a calendar (`notifications.calendarId`). */
  async function calendarTests(notifications: Array<Record<string, unknown>>): Promise<CalendarTests> {
    const calendarOf = new Map<number, number>();
    for (const n of notifications)
      if (n.calendarId != null && Number(n.calendarId) > 0)
        calendarOf.set(Number(n.id), Number(n.calendarId));
    const tests: CalendarTests = new Map();
    if (!calendarOf.size) return tests;
    const rows = await k
      .selectFrom('calendars')
      .select(['id', 'data'])
      .where('id', 'in', [...new Set(calendarOf.values())])
      .execute();
    const next = new Map<number, { text: string; calendar: ParsedCalendar | null }>();
    for (const row of rows) {
      const id = Number(row.id);
      const text = String(row.data);
      const kept = parsedCalendars.get(id);
      next.set(id, kept?.text === text ? kept : { text, calendar: parseOrNull(text) });
    }
    parsedCalendars = next;
    for (const [notificationId, calendarId] of calendarOf) {
      const calendar = next.get(calendarId)?.calendar;
      // a calendar that is gone or unreadable has no periods: the notification does not fire
      tests.set(notificationId, calendar ? (time) => calendarContains(calendar, time) : () => false);
    }
    return tests;
  }

  async function visibleDevices(userId: number, set: RuleSet): Promise<Set<number> | 'all'> {
    const user = set.users.get(userId);
    if (!user) return new Set();
    const sub = visibleIds(db, await scopeFor(db, user), 'devices');
    if (!sub) return 'all';
    return new Set((await sub.execute()).map((r) => Number(r.id)));
  }

  return {
    async rules() {
      if (fresh(rules)) return rules!.value;
      loading ??= loadRules()
        .then((value) => {
          rules = { at: clock(), value };
          return value;
        })
        .finally(() => {
          loading = undefined;
        });
      return loading;
    },

    async visibility(userIds, set) {
      const missing = [...new Set(userIds)].filter((id) => !fresh(seen.get(id)));
      const loaded = await Promise.all(missing.map((id) => visibleDevices(id, set)));
      const at = clock();
      missing.forEach((id, i) => seen.set(id, { at, value: loaded[i] }));
      const view = new Map(seen);
      return (userId, deviceId) => {
        const devices = view.get(userId)?.value;
        return devices === 'all' || (devices?.has(deviceId) ?? false);
      };
    },

    invalidate() {
      rules = undefined;
      seen = new Map();
    },
  };
}
