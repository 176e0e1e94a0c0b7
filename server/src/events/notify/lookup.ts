/**
 * The notifications, their links, their users and the vehicles those users see, read from the database a
 * few queries at a time and kept for a short while: ingestion raises events far faster than rules change.
 */
import type { Db } from '../../db/database';
import { scopeFor, visibleIds } from '../../auth/policy';
import { notificationJson, userJson } from '../../services/rows';
import { buildRuleSet, type RuleSet, type Sees } from './matching';

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
  const fresh = (c: Cached<unknown> | undefined) => c !== undefined && clock() - c.at < cacheMs;

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
    );
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
