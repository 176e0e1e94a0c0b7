/**
 * Traccar's computed-attribute links through /api/permissions: {userId|deviceId|groupId, attributeId}.
 * The user must see both sides and hold the settings screen of the other side (users, devices, groups), as
 * for the other links; nobody changes its own links.
 */
import { z } from 'zod';
import type { Services } from '../../../services/context';
import { assertCanWrite } from '../../../auth/guard';
import { canSee, type EntityKind, type Scope } from '../../../auth/policy';
import { badRequest, forbidden, notFound } from '../../../services/errors';
import { visibleAttribute } from './attributeAccess';

const SIDES = {
  userId: { table: 'userComputedAttribute', kind: 'users', permission: 'settings.users' },
  deviceId: { table: 'deviceComputedAttribute', kind: 'devices', permission: 'settings.devices' },
  groupId: { table: 'groupComputedAttribute', kind: 'groups', permission: 'settings.groups' },
} as const satisfies Record<string, { table: string; kind: EntityKind; permission: string }>;

type Side = keyof typeof SIDES;

export interface ComputedLink {
  side: Side;
  id: number;
  attributeId: number;
}

const id = z.number().int().positive();
const link = z.union([
  z.strictObject({ userId: id, attributeId: id }),
  z.strictObject({ deviceId: id, attributeId: id }),
  z.strictObject({ groupId: id, attributeId: id }),
]);

const hasAttributeId = (v: unknown) => typeof v === 'object' && v !== null && 'attributeId' in v;

/** The links of a /api/permissions body when it is about computed attributes, else undefined. */
export function computedAttributeLinks(body: unknown, many: boolean): ComputedLink[] | undefined {
  if (many ? !Array.isArray(body) || !body.some(hasAttributeId) : !hasAttributeId(body)) return undefined;
  const parsed = (many ? z.array(link).min(1).max(10000) : link).safeParse(body);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid link');
  const list = (many ? parsed.data : [parsed.data]) as Array<Record<string, number>>;
  return list.map((l) => {
    const side = (Object.keys(SIDES) as Side[]).find((s) => s in l)!;
    return { side, id: l[side], attributeId: l.attributeId };
  });
}

export async function applyComputedAttributeLinks(
  services: Services,
  scope: Scope,
  links: ComputedLink[],
  add: boolean,
): Promise<void> {
  assertCanWrite(scope);
  for (const l of links) {
    const side = SIDES[l.side];
    assertCanWrite(scope, side.permission);
    if (l.side === 'userId' && l.id === scope.user.id)
      throw forbidden('You cannot change your own associations');
    await visibleAttribute(services.db, scope, l.attributeId);
    if (!(await canSee(services.db, scope, side.kind, l.id))) throw notFound(`${l.side} ${l.id} not found`);
  }
  await services.db.kysely.transaction().execute(async (trx) => {
    for (const l of links) {
      const { table } = SIDES[l.side];
      const values = { [l.side]: l.id, attributeId: l.attributeId };
      if (add)
        await trx
          .insertInto(table)
          .values(values as never)
          .onConflict((oc) => oc.columns([l.side, 'attributeId'] as never).doNothing())
          .execute();
      else
        await trx
          .deleteFrom(table)
          .where(l.side as never, '=', l.id as never)
          .where('attributeId', '=', l.attributeId)
          .execute();
    }
  });
  services.changes.emit('links');
}
