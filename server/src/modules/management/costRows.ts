/** Costs of a vehicle: rows ↔ JSON (document 3 §3) and their queries. */
import { daysBetween, expiryState, type CostValues, type ExpiryState } from '@frota/core';
import type { Db } from '../../db/database';
import { fromBool, toBool } from '../../db/mapping';
import type { Period } from './period';

export interface CostJson {
  id: number;
  deviceId: number;
  cost_date: string;
  cost_type: string;
  entity: string;
  designation: string;
  invoice: string;
  cost: number;
  warning: 0 | 1;
  expiry_date: string | null;
  expiry_days: number | null;
  expiry_state: ExpiryState | null;
}

export function costJson(row: Record<string, unknown>, today: string): CostJson {
  const warning = toBool(row.warning) ? 1 : 0;
  const expiry = (row.expiryDate as string | null) ?? null;
  const days = warning && expiry ? daysBetween(today, expiry) : null;
  return {
    id: Number(row.id),
    deviceId: Number(row.deviceId),
    cost_date: String(row.costDate),
    cost_type: String(row.costType),
    entity: String(row.entity ?? ''),
    designation: String(row.designation ?? ''),
    invoice: String(row.invoice ?? ''),
    cost: Number(row.cost),
    warning,
    expiry_date: warning ? expiry : null,
    expiry_days: days,
    expiry_state: days == null ? null : expiryState(days),
  };
}

export const costColumns = (db: Db, v: CostValues) => ({
  costDate: v.costDate,
  costType: v.costType,
  entity: v.entity,
  designation: v.designation,
  invoice: v.invoice,
  cost: v.cost,
  warning: fromBool(db.dialect, v.warning === 1),
  expiryDate: v.warning ? v.expiryDate : null,
});

export async function listCosts(db: Db, deviceId: number, period: Period) {
  let q = db.kysely.selectFrom('costs').selectAll().where('deviceId', '=', deviceId);
  if (period.from) q = q.where('costDate', '>=', period.from);
  if (period.to) q = q.where('costDate', '<=', period.to);
  return q.orderBy('costDate', 'desc').orderBy('id', 'desc').execute();
}
