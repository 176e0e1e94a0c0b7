/**
 * One scheduled report for one recipient: the report of its type over a period, for the linked vehicles and
 * groups that recipient sees, mailed as the spreadsheet `/api/reports/{type}/xlsx` answers (reports/traccar.ts).
 */
import type { Services } from '../../../services/context';
import { canSee, visibleIds, type Scope } from '../../../auth/policy';
import { zoneFor } from '../../../track/timezone';
import { toXlsx } from '../../../reports/export/xlsx';
import { fileWords } from '../../../reports/export/fileWords';
import { reportTranslator } from '../../../reports/i18n/reportTexts';
import {
  sheetOf,
  TRACCAR_REPORT_KINDS,
  traccarReportContext,
  XLSX_TYPE,
  type TraccarReportQuery,
} from '../../../reports/traccar';
import type { ScheduledType } from './reportStore';
import type { Period } from './occurrences';

export interface ScheduledRun {
  type: ScheduledType;
  description: string;
  attributes: Record<string, unknown>;
  deviceIds: number[];
  groupIds: number[];
  period: Period;
}

/** Traccar's query of the report: the event types (`types`, comma-separated) and `daily` attributes. */
function queryOf(run: ScheduledRun, deviceIds: number[], groupIds: number[]): TraccarReportQuery {
  const { types, daily } = run.attributes;
  return {
    deviceId: deviceIds,
    groupId: groupIds,
    from: new Date(run.period.start).toISOString(),
    // the period is [start, end): the next period's first instant belongs to the next report
    to: new Date(run.period.end - 1).toISOString(),
    ...(typeof types === 'string' && types ? { type: types } : {}),
    ...(daily === true || daily === 'true' ? { daily: 'true' as const } : {}),
  };
}

/** The linked vehicles and groups the recipient sees (what it may not see is left out, not an error). */
async function visibleTargets(services: Services, scope: Scope, run: ScheduledRun) {
  const { db } = services;
  let deviceIds = run.deviceIds;
  const sub = visibleIds(db, scope, 'devices');
  if (sub && deviceIds.length) {
    const rows = await db.kysely
      .selectFrom('devices')
      .select('devices.id')
      .where('devices.id', 'in', deviceIds)
      .where('devices.id', 'in', sub)
      .execute();
    const seen = new Set(rows.map((r) => Number(r.id)));
    deviceIds = deviceIds.filter((id) => seen.has(id));
  }
  const groupIds: number[] = [];
  for (const id of run.groupIds) if (await canSee(db, scope, 'groups', id)) groupIds.push(id);
  return { deviceIds, groupIds };
}

/** Runs the report as the recipient and mails it; throws (403, 400 …) when the recipient cannot run it. */
export async function mailScheduledReport(
  services: Services,
  scope: Scope,
  run: ScheduledRun,
): Promise<void> {
  const kind = TRACCAR_REPORT_KINDS[run.type];
  const { deviceIds, groupIds } = await visibleTargets(services, scope, run);
  const query = queryOf(run, deviceIds, groupIds);
  const ctx = await traccarReportContext(services, scope, query, kind.permission);
  const rows = (await kind.run(ctx, query)) as Array<Record<string, unknown>>;
  const body = await toXlsx(
    sheetOf(run.type, rows),
    run.type,
    ctx.client.title,
    fileWords(reportTranslator(scope.user.attributes.language)),
  );
  const zone = zoneFor(scope.user.attributes.timezone);
  const title = run.description || run.type;
  await services.mailer.send({
    to: scope.user.email,
    subject: `Relatório agendado: ${title}`,
    text:
      `Segue em anexo o relatório ${run.type} (${title}) de ${zone.local(run.period.start)} ` +
      `a ${zone.local(run.period.end)}.\n\n${ctx.client.title}`,
    attachments: [
      { filename: `${run.type}_${zone.stamp(run.period.start)}.xlsx`, content: body, contentType: XLSX_TYPE },
    ],
  });
}
