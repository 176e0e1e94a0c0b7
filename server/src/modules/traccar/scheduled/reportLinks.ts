/**
 * Traccar's scheduled-report links through /api/permissions: {deviceId|groupId|userId, reportId}, one or an
 * array (bulk) — what traccar-web posts after creating a report. The same rules as the other links: the
 * writer's screen permission for the other side, both sides visible (404 otherwise), no change to one's
 * own links.
 */
import type { Services } from '../../../services/context';
import { assertCanWrite } from '../../../auth/guard';
import { canSee, type Scope } from '../../../auth/policy';
import { badRequest, forbidden, notFound } from '../../../services/errors';
import { canSeeReport } from './reportStore';

const OWNERS = {
  userId: {
    table: 'userTraccarReport',
    kind: 'users',
    permissions: ['settings.users', 'settings.temporary_links'],
  },
  // linking vehicles to one's report is part of scheduling it (traccar-web's report pages do it)
  deviceId: { table: 'deviceTraccarReport', kind: 'devices', permissions: ['reports.schedules'] },
  groupId: { table: 'groupTraccarReport', kind: 'groups', permissions: ['reports.schedules'] },
} as const;
type OwnerKey = keyof typeof OWNERS;

export type ReportLink = { reportId: number } & Partial<Record<OwnerKey, number>>;

const isLink = (l: unknown) => typeof l === 'object' && l !== null && 'reportId' in l;

/** The report links of a /api/permissions body (one or an array), or null when it has none. */
export function reportLinks(body: unknown): ReportLink[] | null {
  const list = Array.isArray(body) ? body : [body];
  if (!list.length || !list.some(isLink)) return null;
  return list.map((l) => {
    const keys = isLink(l) ? Object.keys(l as object) : [];
    const other = keys.find((k) => k !== 'reportId');
    if (
      keys.length !== 2 ||
      !other ||
      !(other in OWNERS) ||
      !Object.values(l as object).every((v) => Number.isInteger(v) && (v as number) > 0)
    )
      throw badRequest('A report links to a device, group or user: {deviceId|groupId|userId, reportId}');
    return l as ReportLink;
  });
}

const ownerOf = (link: ReportLink): OwnerKey =>
  (Object.keys(link) as Array<OwnerKey | 'reportId'>).find((k) => k !== 'reportId') as OwnerKey;

export async function applyReportLinks(
  services: Services,
  scope: Scope,
  links: ReportLink[],
  add: boolean,
): Promise<void> {
  const { db } = services;
  assertCanWrite(scope);
  for (const link of links) {
    const key = ownerOf(link);
    const owner = OWNERS[key];
    const ownerId = link[key]!;
    assertCanWrite(scope, [...owner.permissions]);
    if (key === 'userId' && ownerId === scope.user.id)
      throw forbidden('You cannot change your own associations');
    if (!(await canSee(db, scope, owner.kind, ownerId))) throw notFound(`${key} ${ownerId} not found`);
    if (!(await canSeeReport(db, scope, link.reportId)))
      throw notFound(`reportId ${link.reportId} not found`);
  }
  await db.kysely.transaction().execute(async (trx) => {
    for (const link of links) {
      const key = ownerOf(link);
      const table = OWNERS[key].table;
      const values = { [key]: link[key], reportId: link.reportId };
      if (add)
        await trx
          .insertInto(table)
          .values(values as never)
          .onConflict((oc) => oc.columns([key, 'reportId'] as never).doNothing())
          .execute();
      else
        await trx
          .deleteFrom(table)
          .where(key as never, '=', values[key] as never)
          .where('reportId', '=', link.reportId)
          .execute();
    }
  });
  services.changes.emit('links');
}
