/**
 * Saves an item and its associations in one transaction, under the same access rules as
 * /api/permissions: every linked id must be visible to the caller, links to items the caller cannot see
 * are left alone, and nobody changes the associations of their own user.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { visibleIds, type EntityKind, type Scope } from '../../auth/policy';
import { BOOLEANS } from '../../services/entities';
import { OWNER_LINK } from '../../services/associations';
import { rowValues } from '../../db/rows';
import { badRequest, forbidden, notFound } from '../../errors';
import { LINKS, type LinkDef, type LinkSets } from './linkSpec';

type Row = Record<string, unknown>;

export const OWN_LINKS_MESSAGE = 'Não pode alterar as associações do seu próprio utilizador';

const ID_KEY: Record<EntityKind, string> = {
  devices: 'deviceId',
  groups: 'groupId',
  geofences: 'geofenceId',
  drivers: 'driverId',
  notifications: 'notificationId',
  users: 'userId',
};

export interface LinkPlan {
  def: LinkDef;
  add: number[];
  remove: number[];
}

/** The ids among `ids` that the scope may see. */
export async function visibleAmong(db: Db, scope: Scope, kind: EntityKind, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  let q = db.kysely
    .selectFrom(kind)
    .select(`${kind}.id as id` as never)
    .where(`${kind}.id` as never, 'in', ids as never);
  const sub = visibleIds(db, scope, kind);
  if (sub) q = q.where(`${kind}.id` as never, 'in', sub as never);
  return ((await q.execute()) as Row[]).map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** Ids linked to item `id` through `def`, whoever can see them. */
export async function linkedIds(db: Db | Transaction<Database>, def: LinkDef, id: number): Promise<number[]> {
  const k = 'kysely' in db ? db.kysely : db;
  const rows =
    def.table === 'deviceGroup'
      ? await k.selectFrom('devices').select('id').where('groupId', '=', id).execute()
      : await k
          .selectFrom(def.table)
          .select(`${def.column} as id` as never)
          .where(def.self as never, '=', id as never)
          .execute();
  return (rows as Row[]).map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** The links of item `id` the caller sees, by kind. */
export async function visibleLinks(db: Db, scope: Scope, kind: EntityKind, id: number): Promise<LinkSets> {
  const out: LinkSets = {};
  for (const [other, def] of Object.entries(LINKS[kind]) as [EntityKind, LinkDef][]) {
    out[other] = await visibleAmong(db, scope, other, await linkedIds(db, def, id));
  }
  return out;
}

/**
 * What a save changes: per kind, the links to add and to remove so the visible links equal the wanted
 * ones. Vehicles leave a group only by joining another (document 1 §4 "Group save"), so none is removed.
 */
export async function planLinks(
  db: Db,
  scope: Scope,
  kind: EntityKind,
  id: number | undefined,
  links: LinkSets,
): Promise<LinkPlan[]> {
  const plans: LinkPlan[] = [];
  for (const [other, ids] of Object.entries(links) as [EntityKind, number[]][]) {
    const def = LINKS[kind][other];
    if (!def) throw badRequest(`Associação desconhecida: ${kind} + ${other}`);
    const wanted = [...new Set(ids)];
    const seen = new Set(await visibleAmong(db, scope, other, wanted));
    const hidden = wanted.find((w) => !seen.has(w));
    if (hidden !== undefined) throw notFound(`${ID_KEY[other]} ${hidden} not found`);
    const current = id === undefined ? [] : await linkedIds(db, def, id);
    const visibleCurrent = await visibleAmong(db, scope, other, current);
    const add = wanted.filter((w) => !current.includes(w));
    const remove = def.table === 'deviceGroup' ? [] : visibleCurrent.filter((c) => !wanted.includes(c));
    const touchesSelf =
      (kind === 'users' && id === scope.user.id) ||
      (other === 'users' && [...add, ...remove].includes(scope.user.id));
    if (touchesSelf && (add.length || remove.length)) throw forbidden(OWN_LINKS_MESSAGE);
    plans.push({ def, add, remove });
  }
  return plans;
}

async function applyLinks(trx: Transaction<Database>, id: number, plans: LinkPlan[]): Promise<void> {
  for (const { def, add, remove } of plans) {
    if (def.table === 'deviceGroup') {
      if (add.length) await trx.updateTable('devices').set({ groupId: id }).where('id', 'in', add).execute();
      continue;
    }
    if (add.length)
      await trx
        .insertInto(def.table)
        .values(add.map((other) => ({ [def.self]: id, [def.column]: other })) as never)
        .execute();
    if (remove.length)
      await trx
        .deleteFrom(def.table)
        .where(def.self as never, '=', id as never)
        .where(def.column as never, 'in', remove as never)
        .execute();
  }
}

/** Inserts (no id) or updates the item and applies the link plans, all or nothing; answers the id. */
export async function storeWithLinks(
  db: Db,
  scope: Scope,
  kind: EntityKind,
  id: number | undefined,
  values: Row,
  plans: LinkPlan[],
): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    const set = rowValues(db.dialect, values, BOOLEANS[kind]);
    let itemId = id;
    if (itemId === undefined) {
      const inserted = await trx
        .insertInto(kind)
        .values(set as never)
        .returning('id' as never)
        .executeTakeFirstOrThrow();
      itemId = Number((inserted as Row).id);
      const owner = OWNER_LINK[kind];
      // As the entity API: administrators see everything without links, but receive the alerts they create.
      if (owner && (!scope.admin || kind === 'notifications'))
        await trx
          .insertInto(owner.table)
          .values({ userId: scope.user.id, [owner.column]: itemId } as never)
          .execute();
    } else if (Object.keys(set).length) {
      await trx
        .updateTable(kind)
        .set(set as never)
        .where('id', '=', itemId as never)
        .execute();
    }
    await applyLinks(trx, itemId, plans);
    return itemId;
  });
}
