/**
 * Traccar's scheduled reports (`Report`: id, type, description, calendarId, attributes) over the
 * `traccarReports` table, through the access policy as the calendars: administrators see every report,
 * other users those linked (`userTraccarReport`) to themselves or to users they manage. A report is linked
 * to the user who creates it, as Traccar does.
 */
import { z } from 'zod';
import type { Db } from '../../../db/database';
import { parseJson, toJson } from '../../../db/mapping';
import { canSee, type Scope } from '../../../auth/policy';
import { notFound } from '../../../errors';
import { canSeeCalendar } from '../calendars/calendarStore';

type Row = Record<string, unknown>;

/** The report types Traccar's scheduler sends (TaskReports) and its web client offers to schedule. */
export const SCHEDULED_TYPES = ['route', 'events', 'trips', 'stops', 'summary'] as const;
export type ScheduledType = (typeof SCHEDULED_TYPES)[number];

export const reportInput = z.object({
  id: z.number().int().optional(),
  type: z.enum(SCHEDULED_TYPES, { error: 'Tipo de relatório inválido' }),
  description: z.string().trim().max(4000).optional().default(''),
  calendarId: z.number().int().positive('Escolha um calendário'),
  attributes: z.record(z.string(), z.unknown()).optional().default({}),
});
export type ReportInput = z.infer<typeof reportInput>;

export interface ReportJson {
  id: number;
  type: string;
  description: string;
  calendarId: number;
  attributes: Record<string, unknown>;
}

export const reportJson = (r: Row, excludeAttributes = false): ReportJson => ({
  id: Number(r.id),
  type: String(r.type),
  description: String(r.description ?? ''),
  calendarId: Number(r.calendarId),
  attributes: excludeAttributes ? {} : parseJson(r.attributes),
});

/** Ids of the reports the scope sees; undefined for administrators (every report). */
export function visibleReportIds(db: Db, scope: Scope) {
  if (scope.admin) return undefined;
  return db.kysely
    .selectFrom('userTraccarReport')
    .select('userTraccarReport.reportId')
    .where('userTraccarReport.userId', 'in', scope.userIds);
}

export async function canSeeReport(db: Db, scope: Scope, id: number): Promise<boolean> {
  let q = db.kysely.selectFrom('traccarReports').select('id').where('id', '=', id);
  const sub = visibleReportIds(db, scope);
  if (sub) q = q.where('id', 'in', sub);
  return (await q.executeTakeFirst()) !== undefined;
}

export interface ReportListQuery {
  userId?: number;
  deviceId?: number;
  groupId?: number;
  limit?: number;
  offset?: number;
}

/** GET /api/reports: the visible reports, or those linked to one user, device or group (Traccar's look-ups). */
export async function listReports(db: Db, scope: Scope, query: ReportListQuery): Promise<Row[]> {
  let q = db.kysely.selectFrom('traccarReports').selectAll();
  const sub = visibleReportIds(db, scope);
  if (sub) q = q.where('id', 'in', sub);
  const lookups = [
    ['userId', 'users', 'userTraccarReport'],
    ['deviceId', 'devices', 'deviceTraccarReport'],
    ['groupId', 'groups', 'groupTraccarReport'],
  ] as const;
  for (const [key, kind, table] of lookups) {
    const id = query[key];
    if (id === undefined) continue;
    if (!(await canSee(db, scope, kind, id))) throw notFound();
    q = q.where('id', 'in', db.kysely.selectFrom(table).select('reportId').where(key, '=', id));
  }
  q = q.orderBy('id');
  if (query.limit) q = q.limit(query.limit);
  if (query.offset) q = q.limit(query.limit || Number.MAX_SAFE_INTEGER).offset(query.offset);
  return (await q.execute()) as Row[];
}

export async function getReport(db: Db, scope: Scope, id: number): Promise<Row> {
  if (!(await canSeeReport(db, scope, id))) throw notFound();
  const row = await db.kysely
    .selectFrom('traccarReports')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row as Row;
}

/** A report runs on a calendar the writer sees (404 for another user's calendar, as every other link). */
async function checkCalendar(db: Db, scope: Scope, calendarId: number): Promise<void> {
  if (!(await canSeeCalendar(db, scope, calendarId))) throw notFound(`calendarId ${calendarId} not found`);
}

const values = (input: ReportInput) => ({
  type: input.type,
  description: input.description,
  calendarId: input.calendarId,
  attributes: toJson(input.attributes),
});

/** Creates the report, linked to its creator; occurrences that end from now on are sent. */
export async function insertReport(
  db: Db,
  scope: Scope,
  input: ReportInput,
  now = Date.now(),
): Promise<number> {
  await checkCalendar(db, scope, input.calendarId);
  return db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('traccarReports')
      .values({ ...values(input), checkedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await trx.insertInto('userTraccarReport').values({ userId: scope.user.id, reportId: id }).execute();
    return id;
  });
}

export async function updateReport(db: Db, scope: Scope, id: number, input: ReportInput): Promise<void> {
  await checkCalendar(db, scope, input.calendarId);
  await db.kysely.updateTable('traccarReports').set(values(input)).where('id', '=', id).execute();
}

/** Deletes the report with its links (one transaction: no orphans). */
export async function deleteReport(db: Db, id: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('userTraccarReport').where('reportId', '=', id).execute();
    await trx.deleteFrom('deviceTraccarReport').where('reportId', '=', id).execute();
    await trx.deleteFrom('groupTraccarReport').where('reportId', '=', id).execute();
    await trx.deleteFrom('traccarReports').where('id', '=', id).execute();
  });
}
