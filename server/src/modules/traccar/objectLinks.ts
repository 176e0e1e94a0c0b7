/**
 * Traccar's links of its own objects through /api/permissions (and /bulk): `{userId|deviceId|groupId,
 * <object>Id}`, one or an array — saved commands, calendars, computed attributes, scheduled reports. The
 * same rules as our other links: the writer's screen permission for the other side, both sides visible
 * (404 otherwise), never one's own links; each object kind gives its link tables and its visibility check.
 */
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { columnsByName } from '../../db/columnsByName';
import type { Services } from '../../services/context';
import { assertCanWrite } from '../../auth/guard';
import { canSee, type EntityKind, type Scope } from '../../auth/policy';
import { badRequest, forbidden, notFound } from '../../errors';

type OwnerKey = 'userId' | 'deviceId' | 'groupId';

export interface LinkOwner {
  table: keyof Database;
  kind: EntityKind;
  /** the screens that may write this side's links */
  permissions: readonly string[];
}

export interface ObjectLinkKind {
  /** the object's key in a link, e.g. `commandId` */
  key: string;
  owners: Partial<Record<OwnerKey, LinkOwner>>;
  canSeeObject: (db: Db, scope: Scope, id: number) => Promise<boolean>;
  /** the 400 text of a malformed link */
  shape: string;
}

export interface ObjectLink {
  owner: OwnerKey;
  ownerId: number;
  objectId: number;
}

const positiveIds = (item: object) =>
  Object.values(item).every((v) => Number.isInteger(v) && (v as number) > 0);

/** The links of this kind in a /api/permissions body, or null when none of its items is about this kind. */
export function parseObjectLinks(kind: ObjectLinkKind, body: unknown): ObjectLink[] | null {
  const items = Array.isArray(body) ? body : [body];
  const mentions = (item: unknown) => typeof item === 'object' && item !== null && kind.key in item;
  if (!items.length || !items.some(mentions)) return null;
  return items.map((item) => {
    const keys = mentions(item) ? Object.keys(item as object) : [];
    const owner = keys.find((k) => k !== kind.key) as OwnerKey | undefined;
    if (keys.length !== 2 || !owner || !kind.owners[owner] || !positiveIds(item as object))
      throw badRequest(kind.shape);
    const values = item as Record<string, number>;
    return { owner, ownerId: values[owner], objectId: values[kind.key] };
  });
}

export async function applyObjectLinks(
  services: Services,
  scope: Scope,
  kind: ObjectLinkKind,
  links: ObjectLink[],
  add: boolean,
): Promise<void> {
  const { db } = services;
  assertCanWrite(scope);
  for (const link of links) {
    const owner = kind.owners[link.owner]!;
    assertCanWrite(scope, [...owner.permissions]);
    if (link.owner === 'userId' && link.ownerId === scope.user.id)
      throw forbidden('You cannot change your own associations');
    if (!(await canSee(db, scope, owner.kind, link.ownerId)))
      throw notFound(`${link.owner} ${link.ownerId} not found`);
    if (!(await kind.canSeeObject(db, scope, link.objectId)))
      throw notFound(`${kind.key} ${link.objectId} not found`);
  }
  await db.kysely.transaction().execute(async (trx) => {
    const t = columnsByName(trx);
    for (const link of links) {
      const table = kind.owners[link.owner]!.table;
      if (add)
        await t
          .insertInto(table)
          .values({ [link.owner]: link.ownerId, [kind.key]: link.objectId })
          .onConflict((oc) => oc.columns([link.owner, kind.key]).doNothing())
          .execute();
      else
        await t
          .deleteFrom(table)
          .where(link.owner, '=', link.ownerId)
          .where(kind.key, '=', link.objectId)
          .execute();
    }
  });
  services.changes.emit('links');
}
