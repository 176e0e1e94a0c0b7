/** Validity and duplicate filter: the first stage. Drops exact duplicates and flags implausible fixes. */
import type { DeviceState } from '../deviceState';
import type { ProcessedPosition } from '../types';

/** A fix this far in the future is a device clock error. */
export const MAX_FUTURE_MS = 24 * 3600 * 1000;

export type FilterVerdict = 'accept' | 'duplicate' | 'outdated';

export function filterPosition(state: DeviceState, p: ProcessedPosition, now: number): FilterVerdict {
  const out = p.latitude < -90 || p.latitude > 90 || p.longitude < -180 || p.longitude > 180;
  const zero = p.latitude === 0 && p.longitude === 0;
  if (out || zero || p.fixTime > now + MAX_FUTURE_MS || !Number.isFinite(p.fixTime)) p.valid = false;
  if (out) {
    p.latitude = state.last?.latitude ?? 0;
    p.longitude = state.last?.longitude ?? 0;
  }
  const last = state.last;
  if (!last) return 'accept';
  // A command answer is reported at the last fix: same time and place, but it carries `result`.
  const isAnswer = p.attributes.result !== undefined;
  if (
    !isAnswer &&
    p.fixTime === last.fixTime &&
    p.latitude === last.latitude &&
    p.longitude === last.longitude
  )
    return 'duplicate';
  if (p.fixTime < last.fixTime) return 'outdated';
  return 'accept';
}
