/**
 * Which reported working states are kept per card: every change, and the same state again once a few
 * minutes passed, so the history knows the state still held (core's `timelineFromStates` does not stretch a
 * sample past 30 minutes: beyond that the tracker may have been off). A record every second does not become
 * a row every second.
 */
import type { ReportedWorkingState } from '@frota/core';
import type { DriverChange } from './driverChanges';

export const SAMPLE_EVERY_MS = 5 * 60_000;

export interface StateSample {
  cardNumber: string;
  deviceId: number;
  /** epoch ms */
  time: number;
  state: ReportedWorkingState;
}

/** The newest sample per card and vehicle (`sampleKey`). */
export type LastSamples = Map<string, { time: number; state: ReportedWorkingState }>;

/** A card's samples are kept per vehicle: each vehicle's tracker (and client) has its own history. */
export const sampleKey = (deviceId: number, card: string): string => `${deviceId}:${card}`;

/** The samples to store for `changes` (in time order); `last` is updated with them. */
export function samplesToStore(changes: readonly DriverChange[], last: LastSamples): StateSample[] {
  const out: StateSample[] = [];
  for (const c of [...changes].sort((a, b) => a.time - b.time)) {
    if (c.state === undefined) continue;
    const key = sampleKey(c.deviceId, c.card);
    const previous = last.get(key);
    // a late record (older than the newest sample) fills a hole in the history: kept as it is
    const keep =
      !previous ||
      c.time < previous.time ||
      c.state !== previous.state ||
      c.time - previous.time >= SAMPLE_EVERY_MS;
    if (!keep) continue;
    out.push({ cardNumber: c.card, deviceId: c.deviceId, time: c.time, state: c.state });
    if (!previous || c.time >= previous.time) last.set(key, { time: c.time, state: c.state });
  }
  return out;
}
