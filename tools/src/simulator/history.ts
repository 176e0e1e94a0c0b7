/**
 * A vehicle's past, stepped at a calmer pace than the live simulator's: the demo seeds it as history before
 * the server starts, and the live simulator warms up through the same steps (same profile, same random
 * source, same pace) so that its first record follows the last stored one without a jump.
 */
import type { VehicleProfile } from './profile';
import type { Random } from './random';
import { ignitionOf, initialState, sampleOf, step, type Sample, type VehicleState } from './vehicle';

/** History records: every 30 s with the engine running, every 5 minutes when parked. */
export const HISTORY_MOVING_PERIOD_MS = 30_000;
export const HISTORY_PARKED_PERIOD_MS = 300_000;

const historyPeriodMs = (s: VehicleState): number =>
  ignitionOf(s) ? HISTORY_MOVING_PERIOD_MS : HISTORY_PARKED_PERIOD_MS;

/**
 * Steps the vehicle from `from` up to (not including) `to` at the history's pace, handing each record's
 * sample to `onSample`, and returns the state of the last record.
 */
export function runHistory(
  profile: VehicleProfile,
  rnd: Random,
  from: number,
  to: number,
  onSample?: (sample: Sample) => void,
): VehicleState {
  let state = initialState(profile, from, rnd);
  onSample?.(sampleOf(state));
  for (;;) {
    const due = state.time + historyPeriodMs(state);
    if (due >= to) return state;
    state = step(state, profile, due - state.time, rnd);
    onSample?.(sampleOf(state));
  }
}

/** Where the demo's history starts: midnight UTC, `days` days before `now`'s day. */
export function historyStart(now: number, days: number): number {
  const day = 86_400_000;
  return Math.floor(now / day) * day - days * day;
}
