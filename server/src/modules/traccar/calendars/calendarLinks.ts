/**
 * Traccar's `{userId, calendarId}` permission links (POST/DELETE /api/permissions and /bulk): which users a
 * calendar is shared with. Checked as the other user links are: the user screens' permission, never one's
 * own links, and both objects visible to the caller (404 otherwise).
 */
import type { Services } from '../../../services/context';
import { canSee, whereVisible, type Scope } from '../../../auth/policy';
import { badRequest, notFound } from '../../../errors';
import type { ObjectLinkKind } from '../objectLinks';
import { canSeeCalendar, visibleCalendarIds } from './calendarStore';

export const CALENDAR_LINKS: ObjectLinkKind = {
  key: 'calendarId',
  owners: {
    userId: {
      table: 'userCalendar',
      kind: 'users',
      permissions: ['settings.users', 'settings.temporary_links'],
    },
  },
  canSeeObject: canSeeCalendar,
  shape: 'A calendar links to a user: {userId, calendarId}',
};

export interface CalendarLink {
  userId: number;
  calendarId: number;
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
  q = whereVisible(q, 'userId', db, scope, 'users');
  const calendars = visibleCalendarIds(db, scope);
  if (calendars) q = q.where('calendarId', 'in', calendars);
  const rows = await q.orderBy('userId').orderBy('calendarId').execute();
  return rows.map((r) => ({ userId: Number(r.userId), calendarId: Number(r.calendarId) }));
}
