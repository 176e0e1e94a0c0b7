/**
 * Which driver a card read on a vehicle names (issue 33 "Tenancy as a rule"). A card number is unique within
 * what one user sees, not the server, so two clients may each register card X. A read of X on vehicle V
 * names, among the drivers holding X:
 *   1. one linked to V (deviceDriver) or to V's group or a group above it (groupDriver);
 *   2. else one seen by a non-administrator user who also sees V, the most specific first: the user whose
 *      scope holds the fewest users (a sub-user before its manager);
 *   3. else one no non-administrator sees (an administrator's own driver);
 *   4. else nobody: another client's driver never names this vehicle's reads.
 * Ties go to the oldest driver (lowest id). Resolved pairs are cached per (vehicle, card) until drivers,
 * links, devices, groups or users change; a card no driver holds is answered from memory without a query.
 */
import type { Db } from '../db/database';
import { scopeFor, whereVisible, type Scope } from '../auth/policy';
import { userJson } from '../db/rows';
import type { DriverDirectory, NamedDriver } from './stages/driver';

export interface CardRead {
  deviceId: number;
  card: string;
}

interface Holders {
  /** card -> ids of the drivers holding it, oldest first */
  byCard: Map<string, number[]>;
  byId: Map<number, NamedDriver>;
}

/** One generation of the directory: replaced whole when something it depends on changes. */
interface Generation {
  holders: Promise<Holders>;
  /** `${deviceId}|${card}` -> the driver named, null for nobody */
  named: Map<string, NamedDriver | null>;
  /** pairs being resolved in the background (a card set by a computed attribute) */
  pending: Set<string>;
}

const key = (deviceId: number, card: string) => `${deviceId}|${card}`;

export class DriverCards {
  private generation: Generation | undefined;

  constructor(
    private db: Db,
    private onError?: (err: Error) => void,
  ) {}

  invalidate(): void {
    this.generation = undefined;
  }

  private current(): Generation {
    if (this.generation) return this.generation;
    const generation: Generation = { holders: this.loadHolders(), named: new Map(), pending: new Set() };
    generation.holders.catch(() => this.generation === generation && (this.generation = undefined));
    return (this.generation = generation);
  }

  private async loadHolders(): Promise<Holders> {
    const rows = await this.db.kysely
      .selectFrom('drivers')
      .select(['id', 'name', 'uniqueId'])
      .orderBy('id')
      .execute();
    const byCard = new Map<string, number[]>();
    const byId = new Map<number, NamedDriver>();
    for (const r of rows) {
      const id = Number(r.id);
      byId.set(id, { id, name: r.name });
      const list = byCard.get(r.uniqueId);
      if (list) list.push(id);
      else byCard.set(r.uniqueId, [id]);
    }
    return { byCard, byId };
  }

  /**
   * The directory for one batch: the pairs it will read are resolved first (queries only for cards some
   * driver holds and pairs not cached), so the pipeline's synchronous look-ups are one Map read each.
   */
  async forReads(reads: readonly CardRead[]): Promise<DriverDirectory> {
    const generation = this.current();
    const holders = await generation.holders;
    const missing = reads.filter(
      (r) => holders.byCard.has(r.card) && !generation.named.has(key(r.deviceId, r.card)),
    );
    if (missing.length) await this.resolveInto(generation, holders, missing);
    return (deviceId, card) => {
      const found = generation.named.get(key(deviceId, card));
      if (found !== undefined) return found ?? undefined;
      // a card the batch did not announce (set by a computed attribute): named from the next batch on
      if (holders.byCard.has(card)) this.resolveLater(generation, holders, { deviceId, card });
      return undefined;
    };
  }

  private resolveLater(generation: Generation, holders: Holders, read: CardRead): void {
    const k = key(read.deviceId, read.card);
    if (generation.pending.has(k)) return;
    generation.pending.add(k);
    this.resolveInto(generation, holders, [read]).then(
      () => generation.pending.delete(k),
      (err: Error) => {
        generation.pending.delete(k);
        this.onError?.(err);
      },
    );
  }

  private async resolveInto(
    generation: Generation,
    holders: Holders,
    reads: readonly CardRead[],
  ): Promise<void> {
    const found = await resolveReads(this.db, holders.byCard, reads);
    for (const read of reads) {
      const id = found.get(key(read.deviceId, read.card));
      generation.named.set(key(read.deviceId, read.card), (id && holders.byId.get(id)) || null);
    }
  }
}

/** For each read, the id of the driver it names (absent: nobody). */
async function resolveReads(
  db: Db,
  holders: Map<string, number[]>,
  reads: readonly CardRead[],
): Promise<Map<string, number>> {
  const k = db.kysely;
  const deviceIds = [...new Set(reads.map((r) => r.deviceId))];
  const driverIds = [...new Set(reads.flatMap((r) => holders.get(r.card) ?? []))];
  const out = new Map<string, number>();
  if (!driverIds.length) return out;
  const [devices, groups, deviceLinks, groupLinks, userLinks] = await Promise.all([
    k.selectFrom('devices').select(['id', 'groupId']).where('id', 'in', deviceIds).execute(),
    k.selectFrom('groups').select(['id', 'groupId']).execute(),
    k
      .selectFrom('deviceDriver')
      .select(['deviceId', 'driverId'])
      .where('deviceId', 'in', deviceIds)
      .where('driverId', 'in', driverIds)
      .execute(),
    k.selectFrom('groupDriver').select(['groupId', 'driverId']).where('driverId', 'in', driverIds).execute(),
    k.selectFrom('userDriver').select(['userId', 'driverId']).where('driverId', 'in', driverIds).execute(),
  ]);
  const parent = new Map(groups.map((g) => [Number(g.id), g.groupId == null ? null : Number(g.groupId)]));
  /** a group and the groups above it (a link to a group reaches the groups below it) */
  const upwards = (groupId: number | null): number[] => {
    const chain: number[] = [];
    for (let g = groupId; g !== null && !chain.includes(g); g = parent.get(g) ?? null) chain.push(g);
    return chain;
  };
  const groupOf = new Map(devices.map((d) => [Number(d.id), d.groupId == null ? null : Number(d.groupId)]));
  const linked = new Set(deviceLinks.map((l) => `${Number(l.deviceId)}|${Number(l.driverId)}`));
  const driverGroups = new Map<number, number[]>();
  for (const l of groupLinks) {
    const list = driverGroups.get(Number(l.driverId)) ?? [];
    list.push(Number(l.groupId));
    driverGroups.set(Number(l.driverId), list);
  }

  const reach = await viewerReach(db, deviceIds, driverIds, userLinks, driverGroups, upwards);
  for (const read of reads) {
    const candidates = holders.get(read.card) ?? [];
    const above = new Set(upwards(groupOf.get(read.deviceId) ?? null));
    const own = candidates.find(
      (d) => linked.has(`${read.deviceId}|${d}`) || (driverGroups.get(d) ?? []).some((g) => above.has(g)),
    );
    if (own !== undefined) {
      out.set(key(read.deviceId, read.card), own);
      continue;
    }
    let best: { id: number; rank: number } | undefined;
    for (const d of candidates) {
      for (const viewer of reach.viewers.get(d) ?? []) {
        if (!viewer.devices.has(read.deviceId)) continue;
        // candidates are in id order: on a tie the older driver stays
        if (!best || viewer.rank < best.rank) best = { id: d, rank: viewer.rank };
      }
    }
    const chosen = best?.id ?? candidates.find((d) => !reach.viewers.get(d)?.length);
    if (chosen !== undefined) out.set(key(read.deviceId, read.card), chosen);
  }
  return out;
}

interface Viewer {
  /** of the batch's vehicles, those the user sees */
  devices: Set<number>;
  /** users in the scope: lower is more specific */
  rank: number;
}

/**
 * The non-administrator users who see each candidate driver, with the batch's vehicles they see. Found from
 * the links upwards (users linked to the driver or to a group holding it, and their managers), then checked
 * against the access policy itself.
 */
async function viewerReach(
  db: Db,
  deviceIds: number[],
  driverIds: number[],
  userLinks: { userId: number; driverId: number }[],
  driverGroups: Map<number, number[]>,
  upwards: (groupId: number | null) => number[],
): Promise<{ viewers: Map<number, Viewer[]> }> {
  const k = db.kysely;
  const viewers = new Map<number, Viewer[]>();
  const groupIds = [...new Set([...driverGroups.values()].flat().flatMap((g) => upwards(g)))];
  const groupUsers = groupIds.length
    ? await k.selectFrom('userGroup').select('userId').where('groupId', 'in', groupIds).execute()
    : [];
  const candidates = new Set([...userLinks, ...groupUsers].map((l) => Number(l.userId)));
  // managers see what the users they manage see
  let frontier = [...candidates];
  while (frontier.length) {
    const managers = await k
      .selectFrom('userUser')
      .select('userId')
      .where('managedUserId', 'in', frontier)
      .execute();
    frontier = managers.map((m) => Number(m.userId)).filter((id) => !candidates.has(id));
    frontier.forEach((id) => candidates.add(id));
  }
  if (!candidates.size) return { viewers };
  const users = await k
    .selectFrom('users')
    .selectAll()
    .where('id', 'in', [...candidates])
    .execute();
  for (const row of users) {
    const user = userJson(row);
    if (user.administrator) continue;
    const scope = await scopeFor(db, user);
    const [drivers, devices] = await Promise.all([
      seen(db, scope, 'drivers', driverIds),
      seen(db, scope, 'devices', deviceIds),
    ]);
    const viewer = { devices, rank: scope.userIds.length };
    for (const d of drivers) viewers.set(d, [...(viewers.get(d) ?? []), viewer]);
  }
  return { viewers };
}

/** Of `ids`, those the (non-administrator) scope sees. */
async function seen(db: Db, scope: Scope, kind: 'drivers' | 'devices', ids: number[]): Promise<Set<number>> {
  const column = `${kind}.id` as const;
  const rows = await whereVisible(
    db.kysely.selectFrom(kind).select(`${column} as id`).where(column, 'in', ids),
    column,
    db,
    scope,
    kind,
  ).execute();
  return new Set(rows.map((r) => Number(r.id)));
}
