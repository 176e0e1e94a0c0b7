/** Runs one report for a user: permission, body, context, builder. Shared by the route and the scheduler. */
import { deviceOffersReport, isDeviceGatedReport, type GateDevice } from '@frota/core';
import { assertPermission } from '../auth/guard';
import type { Scope } from '../auth/policy';
import { badRequest, notFound } from '../errors';
import type { Services } from '../services/context';
import { buildContext, type ReportContext } from './context';
import { zoneFor } from '../track/timezone';
import type { ReportResult } from './model';
import { REPORTS } from './registry';
import { reportTranslator, type ReportTranslator } from './i18n/reportTexts';
import { translateResults } from './i18n/translateResults';
import type { ReportDef } from './reportDef';
import { parseReportRequest, STANDARD_LIMIT } from './request';

export const MSG_VEHICLES_ONLY = 'Relatório disponível apenas por veículo';
export const MSG_NOT_OFFERED = 'Relatório não disponível para o veículo';

/**
 * Eco driving and rag run only for vehicles that offer them (core's rule, the one the menu uses): canbus
 * with the report's flag, or a phone starting with 213. Other reports run for any vehicle.
 */
export function assertReportOffered(
  name: string,
  vehicles: ReadonlyArray<GateDevice & { name: string }>,
): void {
  if (!isDeviceGatedReport(name)) return;
  const refused = vehicles.find((v) => !deviceOffersReport(v, name));
  if (refused) throw badRequest(`${MSG_NOT_OFFERED} ${refused.name}`);
}

export interface ReportRun {
  def: ReportDef;
  ctx: ReportContext;
  /** in the reader's language (the user's `language` attribute) */
  results: ReportResult[];
  translator: ReportTranslator;
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
  const request = parseReportRequest(body, zoneFor(scope.user.attributes.timezone), {
    limit: def.limit ?? STANDARD_LIMIT,
    costTypes: def.costTypes,
    groups: def.groups,
  });
  if (request.itemsType === 'D' && !def.drivers) throw badRequest(MSG_VEHICLES_ONLY);
  const started = performance.now();
  const ctx = await buildContext(services, scope, name, request, now);
  assertReportOffered(name, ctx.vehicles);
  const translator = reportTranslator(scope.user.attributes.language);
  const results = translateResults(translator, await def.build(ctx));
  services.operations?.reportFinished(name, performance.now() - started);
  return { def, ctx, results, translator };
}
