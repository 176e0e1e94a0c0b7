/**
 * The six counters of a driver row (document 3 §3): as the tracker sent them, or, where it sent none,
 * computed from the driver's activity history with the EU 561/2006 rules of core (`computeTachoCounters`),
 * as of now: "if he drives on from now".
 */
import {
  computeTachoCounters,
  TACHO_COUNTER_NAMES,
  type ActivityPeriod,
  type TachoCounters,
} from '@frota/core';

/** Tracker counters older than this before the row's last record are no longer the tracker's current ones. */
export const TRACKER_COUNTERS_TTL_MS = 30 * 60_000;

export type CountersSource = 'tracker' | 'computed' | 'mixed';

export interface CountersAnswer {
  counters: TachoCounters;
  source: CountersSource;
}

export interface SentCounters {
  counters: Partial<Record<keyof TachoCounters, number>>;
  /** epoch ms of the record that carried them */
  countersTime: number | null;
  /** epoch ms of the row's newest record */
  lastSeen: number;
}

/** The tracker's counters that still stand (sent with one of the row's latest records). */
export function currentSentCounters(row: SentCounters): Partial<Record<keyof TachoCounters, number>> {
  if (row.countersTime === null || row.countersTime < row.lastSeen - TRACKER_COUNTERS_TTL_MS) return {};
  return row.counters;
}

export const sentAll = (sent: Partial<Record<keyof TachoCounters, number>>): boolean =>
  TACHO_COUNTER_NAMES.every((name) => typeof sent[name] === 'number');

/**
 * The counters at `now` (epoch seconds): the tracker's where it sent them, the computed ones for the rest.
 * `history` is read only when something is missing.
 */
export function answerCounters(
  sent: Partial<Record<keyof TachoCounters, number>>,
  history: () => readonly ActivityPeriod[],
  now: number,
): CountersAnswer {
  if (sentAll(sent)) {
    const counters = Object.fromEntries(
      TACHO_COUNTER_NAMES.map((n) => [n, sent[n]!]),
    ) as unknown as TachoCounters;
    return { counters, source: 'tracker' };
  }
  const computed = computeTachoCounters(history(), now);
  const some = TACHO_COUNTER_NAMES.some((n) => typeof sent[n] === 'number');
  const counters = { ...computed };
  for (const name of TACHO_COUNTER_NAMES) if (typeof sent[name] === 'number') counters[name] = sent[name]!;
  return { counters, source: some ? 'mixed' : 'computed' };
}
