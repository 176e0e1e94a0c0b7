/** Runs one report for a user: permission, body, context, builder. Shared by the route and the scheduler. */
import { assertPermission } from '../auth/guard';
import type { Scope } from '../auth/policy';
import { badRequest, notFound } from '../services/errors';
import type { Services } from '../services/context';
import { buildContext, type ReportContext } from './context';
import { zoneFor } from './engine/timezone';
import type { ReportResult } from './model';
import { REPORTS, type ReportDef } from './registry';
import { parseReportRequest } from './request';

export const MSG_VEHICLES_ONLY = 'Relatório disponível apenas por veículo';

export interface ReportRun {
  def: ReportDef;
  ctx: ReportContext;
  results: ReportResult[];
}

export async function runReport(
  services: Services,
  scope: Scope,
  name: string,
  body: unknown,
  now = Date.now(),
): Promise<ReportRun> {
  const def = REPORTS.get(name);
  if (!def) throw notFound();
  assertPermission(scope, def.permission);
  const request = parseReportRequest(body, zoneFor(scope.user.attributes.timezone));
  if (request.itemsType === 'D' && !def.drivers) throw badRequest(MSG_VEHICLES_ONLY);
  const ctx = await buildContext(services, scope, name, request, now);
  return { def, ctx, results: await def.build(ctx) };
}
