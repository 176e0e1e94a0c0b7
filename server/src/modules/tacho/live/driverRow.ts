/**
 * A driver card's row (document 3 §3 "Tacho driver") in memory, and how the changes of newer records are
 * folded into it. Older records (a tracker emptying its memory after a coverage gap) add their states to the
 * history but do not turn the row back.
 */
import type { ReportedWorkingState, TachoCounters } from '@frota/core';
import type { DriverChange, Slot } from './driverChanges';

export interface DriverRow {
  cardNumber: string;
  name: string;
  surname: string;
  deviceId: number | null;
  licensePlate: string | null;
  slot: Slot;
  /** epoch ms */
  lastSeen: number;
  /** as the tracker reported it, 4 and 5 included (document 3 §4 shows them blank); null before any */
  workingState: ReportedWorkingState | null;
  cardPresent: boolean | null;
  /** the counters the tracker sent (seconds), possibly only some of them */
  counters: Partial<Record<keyof TachoCounters, number>>;
  countersTime: number | null;
}

/** The row after `changes` (one card's, any order); a new row when `row` is undefined. */
export function applyChanges(
  row: DriverRow | undefined,
  changes: readonly DriverChange[],
): DriverRow | undefined {
  const sorted = [...changes].sort((a, b) => a.time - b.time);
  let out = row ? { ...row, counters: { ...row.counters } } : undefined;
  for (const c of sorted) {
    if (!out) {
      out = {
        cardNumber: c.card,
        name: '',
        surname: '',
        deviceId: c.deviceId,
        licensePlate: c.plate,
        slot: c.slot,
        lastSeen: c.time,
        workingState: null,
        cardPresent: null,
        counters: {},
        countersTime: null,
      };
    }
    if (c.name) out.name = c.name;
    if (c.surname) out.surname = c.surname;
    if (c.time < out.lastSeen) continue;
    out.deviceId = c.deviceId;
    out.licensePlate = c.plate;
    out.slot = c.slot;
    out.lastSeen = c.time;
    if (c.state !== undefined) out.workingState = c.state;
    if (c.cardPresent !== undefined) out.cardPresent = c.cardPresent;
    if (Object.keys(c.counters).length) {
      out.counters = { ...out.counters, ...c.counters };
      out.countersTime = c.time;
    }
  }
  return out;
}

/** Whether the grid would show something else (the live channel announces only real changes). */
export const rowChanged = (before: DriverRow | undefined, after: DriverRow): boolean =>
  !before || JSON.stringify(before) !== JSON.stringify(after);
