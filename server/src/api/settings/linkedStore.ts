/**
 * Saves an item and its associations in one transaction, under the same access rules as
 * /api/permissions: every linked id must be visible to the caller, links to items the caller cannot see
 * are left alone, and nobody changes the associations of their own user.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { columnsByName } from '../../db/columnsByName';
import { whereVisible, type EntityKind, type Scope } from '../../auth/policy';
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
  const column = `${kind}.id` as const;
  const q = db.kysely.selectFrom(kind).select(`${column} as id`).where(column, 'in', ids);
  const rows = await whereVisible(q, column, db, scope, kind).execute();
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** Ids linked to item `id` through `def`, whoever can see them. */
export async function linkedIds(db: Db | Transaction<Database>, def: LinkDef, id: number): Promise<number[]> {
  const k = 'kysely' in db ? db.kysely : db;
  const rows =
    def.table === 'deviceGroup'
      ? await k.selectFrom('devices').select('id').where('groupId', '=', id).execute()
      : await columnsByName(k)
          .selectFrom(def.table)
          .select(`${def.column} as id`)
          .where(def.self, '=', id)
          .execute();
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
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
  const t = columnsByName(trx);
  for (const { def, add, remove } of plans) {
    if (def.table === 'deviceGroup') {
      if (add.length) await trx.updateTable('devices').set({ groupId: id }).where('id', 'in', add).execute();
      continue;
    }
    if (add.length)
      await t
        .insertInto(def.table)
        .values(add.map((other) => ({ [def.self]: id, [def.column]: other })))
        .execute();
    if (remove.length)
      await t.deleteFrom(def.table).where(def.self, '=', id).where(def.column, 'in', remove).execute();
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
    const t = columnsByName(trx);
    const set = rowValues(db.dialect, values, BOOLEANS[kind]);
    let itemId = id;
    if (itemId === undefined) {
      const inserted = await t.insertInto(kind).values(set).returning('id').executeTakeFirstOrThrow();
      itemId = Number(inserted.id);
      const owner = OWNER_LINK[kind];
      // As the entity API: administrators see everything without links, but receive the alerts they create.
      if (owner && (!scope.admin || kind === 'notifications'))
        await t
          .insertInto(owner.table)
          .values({ userId: scope.user.id, [owner.column]: itemId })
          .execute();
    } else if (Object.keys(set).length) {
      await t.updateTable(kind).set(set).where('id', '=', itemId).execute();
    }
    await applyLinks(trx, itemId, plans);
    return itemId;
  });
}
