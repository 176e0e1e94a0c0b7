/**
 * Traccar's saved-command links through /api/permissions: {userId|groupId|deviceId, commandId}, one or an
 * array (bulk). The same rules as the other links: the writer's screen permission for the other side, both
 * sides visible (404 otherwise), no change to one's own links.
 */
import type { Services } from '../../../services/context';
import { assertCanWrite } from '../../../auth/guard';
import { canSee, type Scope } from '../../../auth/policy';
import { badRequest, forbidden, notFound } from '../../../services/errors';
import { canSeeCommand } from './savedCommands';

export type CommandLink = { commandId: number } & (
  { userId: number } | { groupId: number } | { deviceId: number }
);

const OWNERS = {
  userId: {
    table: 'userCommand',
    kind: 'users',
    permissions: ['settings.users', 'settings.temporary_links'],
  },
  groupId: { table: 'groupCommand', kind: 'groups', permissions: ['settings.groups'] },
  deviceId: { table: 'deviceCommand', kind: 'devices', permissions: ['settings.devices'] },
} as const;
type OwnerKey = keyof typeof OWNERS;

/** The command links of a /api/permissions body (one or an array), or null when it has none. */
export function commandLinks(body: unknown): CommandLink[] | null {
  const list = Array.isArray(body) ? body : [body];
  if (!list.length || !list.every((l) => l && typeof l === 'object' && 'commandId' in l)) return null;
  return list.map((l) => {
    const keys = Object.keys(l as object);
    const other = keys.find((k) => k !== 'commandId');
    if (
      keys.length !== 2 ||
      !other ||
      !(other in OWNERS) ||
      !Object.values(l as object).every((v) => Number.isInteger(v) && (v as number) > 0)
    )
      throw badRequest('unknown link pair');
    return l as CommandLink;
  });
}

const ownerOf = (link: CommandLink): OwnerKey =>
  (Object.keys(link) as Array<OwnerKey | 'commandId'>).find((k) => k !== 'commandId') as OwnerKey;

export async function applyCommandLinks(
  services: Services,
  scope: Scope,
  links: CommandLink[],
  add: boolean,
): Promise<void> {
  const { db } = services;
  assertCanWrite(scope);
  for (const link of links) {
    const key = ownerOf(link);
    const owner = OWNERS[key];
    const ownerId = (link as Record<string, number>)[key];
    assertCanWrite(scope, [...owner.permissions]);
    if (key === 'userId' && ownerId === scope.user.id)
      throw forbidden('You cannot change your own associations');
    if (!(await canSee(db, scope, owner.kind, ownerId))) throw notFound(`${key} ${ownerId} not found`);
    if (!(await canSeeCommand(db, scope, link.commandId)))
      throw notFound(`commandId ${link.commandId} not found`);
  }
  await db.kysely.transaction().execute(async (trx) => {
    for (const link of links) {
      const key = ownerOf(link);
      const table = OWNERS[key].table;
      const values = { [key]: (link as Record<string, number>)[key], commandId: link.commandId };
      if (add)
        await trx
          .insertInto(table)
          .values(values as never)
          .onConflict((oc) => oc.columns([key, 'commandId'] as never).doNothing())
          .execute();
      else
        await trx
          .deleteFrom(table)
          .where(key as never, '=', values[key] as never)
          .where('commandId', '=', link.commandId)
          .execute();
    }
  });
}
