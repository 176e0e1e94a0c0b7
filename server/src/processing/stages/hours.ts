/** Engine hours (`hours`, milliseconds) accumulate while the ignition stays on between two records. */
import { boolAttr, numberAttr, type DeviceState } from '../deviceState';
import type { ProcessedPosition } from '../types';

/** A gap longer than this is not counted (device off the air). */
export const MAX_HOURS_GAP_MS = 6 * 3600 * 1000;

export function applyHours(state: DeviceState, p: ProcessedPosition): void {
  const last = state.last;
  const previous = numberAttr(last?.attributes.hours) ?? numberAttr(state.attributes.hours) ?? 0;
  let add = 0;
  if (last && boolAttr(last.attributes.ignition) && boolAttr(p.attributes.ignition) !== undefined) {
    const gap = p.fixTime - last.fixTime;
    if (gap > 0 && gap <= MAX_HOURS_GAP_MS) add = gap;
  }
  p.attributes.hours = Math.round(previous + add);
}
