/** Runs one scheduled report as its owner, renders the file and mails it with the name as the subject. */
import { hasPermission, permissionList } from '@frota/core';
import type { Services } from '../../services/context';
import { loadUser, isExpired } from '../../auth/guard';
import { scopeFor, type Scope } from '../../auth/policy';
import { renderFile, type FileFormat } from '../export';
import { REPORTS } from '../registry';
import { runReport } from '../runner';
import { zoneFor } from '../../track/timezone';
import { MSG, SCHEDULE_TYPES, type Schedule } from './rules';
import type { DueRun } from './due';

export class ScheduleSkipped extends Error {}

/**
 * The owner's scope for one run. A schedule type's permission may stand for a report permission the owner
 * lacks (document 2 §2.5: custom_reports.castel_daily unlocks the monthly castel types): the run then holds
 * that report's permission too, and nothing else.
 */
export function scheduleScope(scope: Scope, type: string, reportPermission: string): Scope {
  const typePermission = SCHEDULE_TYPES[type];
  if (hasPermission(scope.user, reportPermission) || !typePermission) return scope;
  if (!hasPermission(scope.user, typePermission)) return scope;
  const permissions = [...permissionList(scope.user), reportPermission];
  return { ...scope, user: { ...scope.user, attributes: { ...scope.user.attributes, permissions } } };
}

/** The report body of document 2 §7 that a schedule stands for. */
export function scheduleBody(s: Schedule, from: string, to: string): Record<string, unknown> {
  return {
    devices: s.report_ids,
    itemsType: s.report_ids_type,
    from,
    to,
    select1: s.select1_value,
    select2: s.select2_value,
    text1: s.text1_value,
    text2: s.text2_value,
    check1: s.check1_value,
    check2: s.geofence_filter_value,
    geofences: s.geofences,
    events: s.report_type === 'alerts' ? s.text1_value : undefined,
    week: {
      weekdays: s.weekdays_value,
      weekdays_start: s.weekdays_start,
      weekdays_end: s.weekdays_end,
      saturday: s.saturday_value,
      saturday_start: s.saturday_start,
      saturday_end: s.saturday_end,
      sunday: s.sunday_value,
      sunday_start: s.sunday_start,
      sunday_end: s.sunday_end,
    },
    format: s.report_format,
  };
}

export async function sendSchedule(services: Services, s: Schedule, run: DueRun, now: number): Promise<void> {
  const def = REPORTS.get(s.report_type);
  if (!def) throw new ScheduleSkipped(MSG.unavailable);
  const user = await loadUser(services, s.user_id);
  if (!user || user.disabled || isExpired(user, now)) throw new ScheduleSkipped('Utilizador inactivo');
  const { hashedPassword: _h, salt: _s, ...clean } = user;
  const scope = scheduleScope(await scopeFor(services.db, clean), s.report_type, def.permission);
  const zone = zoneFor(clean.attributes.timezone);
  const body = scheduleBody(s, zone.local(run.from), zone.local(run.to - 1000));
  const { ctx, results, translator } = await runReport(services, scope, def.name, body, now);
  const file = await renderFile(s.report_format as FileFormat, results, {
    name: def.name,
    title: def.title,
    client: ctx.client.title,
    zone,
    now,
    translator,
  });
  const period = `${zone.dateTime(run.from)} - ${zone.dateTime(run.to - 1000)}`;
  await services.mailer.send({
    to: s.report_destination,
    subject: s.report_name,
    text:
      `${translator.text(def.title)}: ${period}\n` +
      (results.length
        ? translator.text(`Segue em anexo o relatório ${s.report_name}.`)
        : translator.text('Sem dados para o período seleccionado.')) +
      `\n\n${ctx.client.title}`,
    attachments: [{ filename: file.filename, content: file.body, contentType: file.contentType }],
  });
}
