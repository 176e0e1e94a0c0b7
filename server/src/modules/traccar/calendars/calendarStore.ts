/**
 * Calendars in Traccar's shape over the `calendars` table, through the access policy: administrators see
 * every calendar, other users those linked (`userCalendar`) to themselves or to users they manage. A
 * calendar is linked to the user who creates it, as Traccar does.
 */
import { z } from 'zod';
import type { Db } from '../../../db/database';
import { parseJson, toJson } from '../../../db/mapping';
import { canSee, type Scope } from '../../../auth/policy';
import { badRequest, notFound } from '../../../errors';
import { CalendarError, parseCalendar } from '../../../events/calendars/calendarContains';

type Row = Record<string, unknown>;

export const calendarInput = z.object({
  id: z.number().int().optional(),
  name: z.string().trim().min(1, 'Nome inválido').max(128),
  /** base64 of the iCalendar text (Traccar's byte[]); the plain text is accepted too */
  data: z.string().min(1, 'Calendário vazio'),
  attributes: z.record(z.string(), z.unknown()).optional().default({}),
});
export type CalendarInput = z.infer<typeof calendarInput>;

export interface CalendarJson {
  id: number;
  name: string;
  data: string;
  attributes: Record<string, unknown>;
}

export const calendarJson = (r: Row, excludeAttributes = false): CalendarJson => ({
  id: Number(r.id),
  name: String(r.name),
  data: Buffer.from(String(r.data), 'utf8').toString('base64'),
  attributes: excludeAttributes ? {} : parseJson(r.attributes),
});

/** The iCalendar text of an input's `data` (base64, or the text itself), refused unless it parses. */
export function calendarText(data: string): string {
  const trimmed = data.trim();
  const text = /^BEGIN:VCALENDAR/i.test(trimmed) ? trimmed : Buffer.from(trimmed, 'base64').toString('utf8');
  try {
    parseCalendar(text);
  } catch (err) {
    throw badRequest(err instanceof CalendarError ? err.message : 'Calendário inválido');
  }
  return text;
}

/** Ids of the calendars the scope sees; undefined for administrators (every calendar). */
export function visibleCalendarIds(db: Db, scope: Scope) {
  if (scope.admin) return undefined;
  return db.kysely
    .selectFrom('userCalendar')
    .select('userCalendar.calendarId')
    .where('userCalendar.userId', 'in', scope.userIds);
}

export async function canSeeCalendar(db: Db, scope: Scope, id: number): Promise<boolean> {
  let q = db.kysely.selectFrom('calendars').select('id').where('id', '=', id);
  const sub = visibleCalendarIds(db, scope);
  if (sub) q = q.where('id', 'in', sub);
  return (await q.executeTakeFirst()) !== undefined;
}

export interface CalendarListQuery {
  userId?: number;
  keyword?: string;
  limit?: number;
  offset?: number;
}

export async function listCalendars(db: Db, scope: Scope, query: CalendarListQuery): Promise<Row[]> {
  let q = db.kysely.selectFrom('calendars').selectAll();
  const sub = visibleCalendarIds(db, scope);
  if (sub) q = q.where('id', 'in', sub);
  if (query.userId !== undefined) {
    if (!(await canSee(db, scope, 'users', query.userId))) throw notFound();
    q = q.where(
      'id',
      'in',
      db.kysely.selectFrom('userCalendar').select('calendarId').where('userId', '=', query.userId),
    );
  }
  if (query.keyword) q = q.where('name', 'like', `%${query.keyword.replace(/[%_\\]/g, '')}%`);
  q = q.orderBy('name').orderBy('id');
  if (query.limit) q = q.limit(query.limit);
  if (query.offset) q = q.limit(query.limit || Number.MAX_SAFE_INTEGER).offset(query.offset);
  return (await q.execute()) as Row[];
}

export async function getCalendar(db: Db, scope: Scope, id: number): Promise<Row> {
  if (!(await canSeeCalendar(db, scope, id))) throw notFound();
  const row = await db.kysely.selectFrom('calendars').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row as Row;
}

export async function insertCalendar(db: Db, scope: Scope, input: CalendarInput): Promise<number> {
  const text = calendarText(input.data);
  return db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('calendars')
      .values({ name: input.name, data: text, attributes: toJson(input.attributes) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await trx.insertInto('userCalendar').values({ userId: scope.user.id, calendarId: id }).execute();
    return id;
  });
}

export async function updateCalendar(db: Db, id: number, input: CalendarInput): Promise<void> {
  const text = calendarText(input.data);
  await db.kysely
    .updateTable('calendars')
    .set({ name: input.name, data: text, attributes: toJson(input.attributes) })
    .where('id', '=', id)
    .execute();
}

/** Deletes the calendar, its links, and the limit it put on notifications (which then fire at any time). */
export async function deleteCalendar(db: Db, id: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('notifications').set({ calendarId: null }).where('calendarId', '=', id).execute();
    await trx.deleteFrom('userCalendar').where('calendarId', '=', id).execute();
    await trx.deleteFrom('calendars').where('id', '=', id).execute();
  });
}

/**
 * The `calendarId` to store on a notification (Traccar's field): 0 or none clears it; otherwise a calendar
 * the scope sees (404 for another user's calendar, as every other link).
 */
export async function notificationCalendarId(
  db: Db,
  scope: Scope,
  calendarId: number | null | undefined,
): Promise<number | null> {
  if (!calendarId) return null;
  if (!(await canSeeCalendar(db, scope, calendarId))) throw notFound(`calendarId ${calendarId} not found`);
  return calendarId;
}
