/**
 * Engine hours (`hours`, milliseconds). A tracker that sends its own hour meter keeps it. Otherwise the
 * server's meter accumulates the time between two records while the ignition is on, by the reports' rule
 * for gaps (REPORTS.md §3): a step up to MAX_SHORT_GAP_MS counts when the ignition was on at its start; a
 * longer one only when it is still on at its end (when it went off is unknown), and none over
 * MAX_HOURS_GAP_MS (the device off the air).
 */
import { boolAttr, numberAttr, type DeviceState } from '../deviceState';
import type { ProcessedPosition } from '../types';

export const MAX_HOURS_GAP_MS = 6 * 3600 * 1000;
/** The reports' longest step judged by its start alone. */
export const MAX_SHORT_GAP_MS = 15 * 60_000;

export function applyHours(state: DeviceState, p: ProcessedPosition): void {
  if (numberAttr(p.attributes.hours) !== undefined) return;
  const last = state.last;
  const previous = numberAttr(last?.attributes.hours) ?? numberAttr(state.attributes.hours) ?? 0;
  let add = 0;
  const on = boolAttr(p.attributes.ignition);
  if (last && boolAttr(last.attributes.ignition) && on !== undefined) {
    const gap = p.fixTime - last.fixTime;
    if (gap > 0 && gap <= MAX_HOURS_GAP_MS && (on || gap <= MAX_SHORT_GAP_MS)) add = gap;
  }
  p.attributes.hours = Math.round(previous + add);
}
