/**
 * Traccar's `{userId, calendarId}` permission links (POST/DELETE /api/permissions and /bulk): which users a
 * calendar is shared with. Checked as the other user links are: the user screens' permission, never one's
 * own links, and both objects visible to the caller (404 otherwise).
 */
import { z } from 'zod';
import type { Services } from '../../../services/context';
import { assertCanWrite } from '../../../auth/guard';
import { canSee, visibleIds, type Scope } from '../../../auth/policy';
import { badRequest, forbidden, notFound } from '../../../services/errors';
import { canSeeCalendar, visibleCalendarIds } from './calendarStore';

const link = z
  .object({ userId: z.number().int().positive(), calendarId: z.number().int().positive() })
  .strict();

export type CalendarLink = z.infer<typeof link>;

const mentionsCalendar = (item: unknown) =>
  typeof item === 'object' && item !== null && 'calendarId' in (item as Record<string, unknown>);

/** The calendar links of a permissions body (one link or a list), or undefined when it has none. */
export function calendarLinks(body: unknown): CalendarLink[] | undefined {
  const items = Array.isArray(body) ? body : [body];
  if (!items.length || !items.some(mentionsCalendar)) return undefined;
  const parsed = z.array(link).min(1).max(10000).safeParse(items);
  if (!parsed.success) throw badRequest('A calendar links to a user: {userId, calendarId}');
  return parsed.data;
}

export async function applyCalendarLinks(
  services: Services,
  scope: Scope,
  links: CalendarLink[],
  add: boolean,
): Promise<void> {
  assertCanWrite(scope, ['settings.users', 'settings.temporary_links']);
  const { db } = services;
  for (const { userId, calendarId } of links) {
    if (userId === scope.user.id) throw forbidden('You cannot change your own associations');
    if (!(await canSee(db, scope, 'users', userId))) throw notFound(`userId ${userId} not found`);
    if (!(await canSeeCalendar(db, scope, calendarId))) throw notFound(`calendarId ${calendarId} not found`);
  }
  await db.kysely.transaction().execute(async (trx) => {
    for (const values of links) {
      if (add)
        await trx
          .insertInto('userCalendar')
          .values(values)
          .onConflict((oc) => oc.columns(['userId', 'calendarId']).doNothing())
          .execute();
      else
        await trx
          .deleteFrom('userCalendar')
          .where('userId', '=', values.userId)
          .where('calendarId', '=', values.calendarId)
          .execute();
    }
  });
  services.changes.emit('links');
}

/**
 * GET /api/permissions?userId={id}&calendarId={id} (0 on a side meaning any): the stored links whose two
 * ends the scope sees; undefined when the query is not about calendars.
 */
export async function listCalendarLinks(
  services: Services,
  scope: Scope,
  query: Record<string, string>,
): Promise<CalendarLink[] | undefined> {
  if (!('calendarId' in query)) return undefined;
  const keys = Object.keys(query).sort();
  if (keys.join() !== 'calendarId,userId')
    throw badRequest('A calendar links to a user: ?userId=&calendarId=');
  const userId = Number(query.userId);
  const calendarId = Number(query.calendarId);
  if (![userId, calendarId].every((id) => Number.isInteger(id) && id >= 0) || userId + calendarId === 0)
    throw badRequest('Give userId and calendarId, at least one of them not 0');
  const { db } = services;
  if (userId && !(await canSee(db, scope, 'users', userId))) throw notFound(`userId ${userId} not found`);
  if (calendarId && !(await canSeeCalendar(db, scope, calendarId)))
    throw notFound(`calendarId ${calendarId} not found`);
  let q = db.kysely.selectFrom('userCalendar').select(['userId', 'calendarId']);
  if (userId) q = q.where('userId', '=', userId);
  if (calendarId) q = q.where('calendarId', '=', calendarId);
  const users = visibleIds(db, scope, 'users');
  if (users) q = q.where('userId', 'in', users);
  const calendars = visibleCalendarIds(db, scope);
  if (calendars) q = q.where('calendarId', 'in', calendars);
  const rows = await q.orderBy('userId').orderBy('calendarId').execute();
  return rows.map((r) => ({ userId: Number(r.userId), calendarId: Number(r.calendarId) }));
}
