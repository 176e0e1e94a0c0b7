import { SOON_DAYS, SOON_HOURS, SOON_KM } from '@frota/core';
import type { SummaryRow } from './managementApi';

export type ReasonTone = 'error' | 'warning' | 'progress';

/** One reason for a summary row's colour: a translation key under `management.reason` and its figures. */
export interface SummaryReason {
  tone: ReasonTone;
  key: string;
  values: Record<string, number>;
}

/**
 * Why a summary row has its colour (document 3 §4's rule, one reason per figure that triggers it), most
 * urgent first: in the workshop, then past due, then soon.
 */
export function summaryReasons(row: SummaryRow): SummaryReason[] {
  const reasons: SummaryReason[] = [];
  if (row.maintenance_in_progress || row.maintenance_days_in_maintenance != null)
    reasons.push({
      tone: 'progress',
      key: 'inMaintenance',
      values: { count: row.maintenance_days_in_maintenance ?? 0 },
    });
  const figure = (value: number | null, soon: number, what: string) => {
    if (value == null) return;
    if (value < 0) reasons.push({ tone: 'error', key: `${what}Overdue`, values: { count: -value } });
    else if (value < soon) reasons.push({ tone: 'warning', key: `${what}Soon`, values: { count: value } });
  };
  figure(row.maintenance_km_left, SOON_KM, 'km');
  figure(row.maintenance_hours_left, SOON_HOURS, 'hours');
  figure(row.cost_days_left, SOON_DAYS, 'cost');
  figure(row.document_days_left, SOON_DAYS, 'document');
  const order: Record<ReasonTone, number> = { progress: 0, error: 1, warning: 2 };
  return reasons.sort((a, b) => order[a.tone] - order[b.tone]);
}
