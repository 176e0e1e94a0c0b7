/** The cost form's draft, defaults (document 3 §4), rules (§5, core) and the body saved. */
import { parseAmount, validateCost } from '@frota/core';
import type { Cost } from './managementApi';

export interface CostDraft {
  id?: number;
  cost_date: string;
  cost_type: string;
  entity: string;
  designation: string;
  invoice: string;
  cost: string;
  warning: boolean;
  expiry_date: string;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** Cost date and expiry date today, no expiry (document 3 §4). */
export const newCost = (today: string): CostDraft => ({
  cost_date: today,
  cost_type: '',
  entity: '',
  designation: '',
  invoice: '',
  cost: '',
  warning: false,
  expiry_date: today,
});

export const costDraft = (cost: Cost, today: string): CostDraft => ({
  id: cost.id,
  cost_date: text(cost.cost_date).slice(0, 10),
  cost_type: text(cost.cost_type),
  entity: text(cost.entity),
  designation: text(cost.designation),
  invoice: text(cost.invoice),
  cost: text(cost.cost),
  warning: !!Number(cost.warning),
  expiry_date: text(cost.expiry_date).slice(0, 10) || today,
});

export function costProblem(draft: CostDraft): string | null {
  const checked = validateCost({ ...draft, warning: draft.warning ? 1 : 0 });
  return checked.ok ? null : checked.message;
}

/** Without the expiry checkbox no expiry date is saved (document 3 §4). */
export const costBody = (draft: CostDraft) => ({
  ...(draft.id ? { id: draft.id } : {}),
  cost_date: draft.cost_date,
  cost_type: draft.cost_type,
  entity: draft.entity.trim(),
  designation: draft.designation.trim(),
  invoice: draft.invoice.trim(),
  cost: parseAmount(draft.cost),
  warning: draft.warning ? 1 : 0,
  expiry_date: draft.warning ? draft.expiry_date : null,
});
