/**
 * Computed attributes (issue 23): each attribute linked to the device or its groups evaluated on the
 * record, highest priority first; those below zero run before the filter (Traccar's early handler), the
 * others right after it, so distance, hours, ignition, driver and the event detectors see their results.
 * An expression that fails leaves the record as it was and is reported; it never stops the ingestion.
 * One that exceeds its evaluation budget (issue 33) is aborted the same way (its result is absent) and
 * counted in `computedStats.aborted` (frota_computed_aborted_total).
 */
import type { CompiledAttribute } from '../computed/computedDirectory';
import { applyResult } from '../computed/attributeResult';
import { scopeOf } from '../computed/positionScope';
import type { DeviceState } from '../deviceState';
import type { ProcessedPosition } from '../types';
import { ExpressionLimitError } from '../computed/expressionLanguage';

/** Evaluations aborted for exceeding the budget, since the process started (a Prometheus counter). */
export const computedStats = { aborted: 0 };

export type ComputedError = (attributeId: number, message: string) => void;

export function applyComputed(
  state: DeviceState,
  p: ProcessedPosition,
  attributes: readonly CompiledAttribute[],
  early: boolean,
  onError?: ComputedError,
): void {
  const device = {
    id: state.id,
    name: state.name,
    uniqueId: state.uniqueId,
    groupId: state.groupId,
    attributes: state.attributes,
  };
  for (const a of attributes) {
    if (a.priority < 0 !== early) continue;
    try {
      // each one sees the results of those before it
      applyResult(p, a.attribute, a.type, a.expression.evaluate(scopeOf(p, device)));
    } catch (err) {
      if (err instanceof ExpressionLimitError) computedStats.aborted++;
      onError?.(a.id, (err as Error).message);
    }
  }
}
