/** The colours of the consumption cells (document 3 §2): against the thresholds each refill holds. */
import { consumptionState, type ConsumptionState } from '@frota/core';
import type { ListTone } from '../common/listTones';
import { CONSUMPTIONS, type ConsumptionField, type Refill } from './refillTypes';

/** The list colour of a consumption state. */
export const STATE_TONES: Record<ConsumptionState, ListTone> = {
  green: 'success',
  yellow: 'warning',
  red: 'error',
};

/** A refill's consumption against the yellow and red thresholds it holds; null when not computed. */
export const stateOf = (refill: Refill, field: ConsumptionField): ConsumptionState | null =>
  consumptionState(refill[field], refill[`${field}_yellow`], refill[`${field}_red`]);

/** The list tone of a consumption cell (the DataList's cellTone). */
export const consumptionTone = (refill: Refill, field: string): ListTone | null => {
  if (!(CONSUMPTIONS as readonly string[]).includes(field)) return null;
  const state = stateOf(refill, field as ConsumptionField);
  return state ? STATE_TONES[state] : null;
};
