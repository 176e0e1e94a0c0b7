/**
 * Traccar's list parameters on /api/maintenance (served by the management module over its maintenance
 * entries, issue 17): `userId` lists what that user sees, `keyword` searches the name, the list is sorted
 * by name (Traccar's sort field), `limit`/`offset` page it and `excludeAttributes` leaves attributes empty.
 */
import { z } from 'zod';
import type { Services } from '../context';
import { loadUser } from '../../auth/guard';
import { canSee, scopeFor, type Scope } from '../../auth/policy';
import { notFound } from '../../errors';
import { pageOf } from './listOptions';
import { foldText } from '../../db/textFold';

const count = z.coerce.number().int().nonnegative();

export const traccarListOptions = z.object({
  userId: count.optional(),
  keyword: z.string().max(128).optional(),
  limit: count.optional(),
  offset: count.optional(),
  excludeAttributes: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  refresh: z.enum(['true', 'false']).optional(),
});
export type TraccarListOptions = z.infer<typeof traccarListOptions>;

/** The scope whose list is asked: the caller's, or (userId) that of a user the caller sees, else 404. */
export async function listScope(
  services: Services,
  scope: Scope,
  userId: number | undefined,
): Promise<Scope> {
  if (!userId || userId === scope.user.id) return scope;
  const user = (await canSee(services.db, scope, 'users', userId))
    ? await loadUser(services, userId)
    : undefined;
  if (!user) throw notFound(`userId ${userId} not found`);
  const { hashedPassword: _h, salt: _s, ...clean } = user;
  return scopeFor(services.db, clean);
}

/** Keyword on the name, sorted by name (then id), paged; attributes left out when asked. */
export function traccarPage<T extends { id: number; name: string; attributes: Record<string, unknown> }>(
  items: T[],
  options: TraccarListOptions,
): T[] {
  const keyword = options.keyword ? foldText(options.keyword) : '';
  const found = keyword ? items.filter((m) => foldText(m.name).includes(keyword)) : items;
  const sorted = [...found].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return pageOf(sorted, options);
}
