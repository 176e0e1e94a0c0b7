import {
  reportedWorkingState,
  TACHO_COUNTER_NAMES,
  type ReportedWorkingState,
  type TachoCounters,
} from '@frota/core';
import type { TachoDriverRecord } from './tachoTypes';

export type CounterName = (typeof TACHO_COUNTER_NAMES)[number];

/** One row of the drivers grid: the record with its counters read and its names joined. */
export interface TachoDriverRow extends TachoCounters {
  id: number;
  card: string;
  fullName: string;
  plate: string;
  vehicle: string;
  lastSeen: string | number | null;
  /** the working state 0–7 as the tracker reported it (4 and 5 show blank, document 3 §4); null when none */
  state: ReportedWorkingState | null;
  /** the counters were computed from the activity history (EU 561/2006), not sent by the tracker */
  computed: boolean;
}

const counterValue = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** The six counters (seconds) of the `counters` JSON text; unreadable text or missing names give nulls. */
export function parseCounters(counters: TachoDriverRecord['counters']): TachoCounters {
  let bag: Record<string, unknown> = {};
  if (typeof counters === 'string' && counters.trim()) {
    try {
      const parsed: unknown = JSON.parse(counters);
      if (parsed && typeof parsed === 'object') bag = parsed as Record<string, unknown>;
    } catch {
      // Text that is not JSON shows blank counters rather than breaking the grid.
    }
  } else if (counters && typeof counters === 'object') {
    bag = counters;
  }
  return Object.fromEntries(TACHO_COUNTER_NAMES.map((name) => [name, counterValue(bag[name])])) as never;
}

/** A stored `working_state` as the 3-bit value 0–7, 4 and 5 included; anything else is no state. */
const gridState = (value: TachoDriverRecord['working_state']): ReportedWorkingState | null =>
  reportedWorkingState(value) ?? null;

const text = (value: string | null | undefined): string => (value ?? '').trim();

export function toDriverRow(record: TachoDriverRecord, index: number): TachoDriverRow {
  const plate = text(record.license_plate);
  const vehicleName = text(record.deviceName);
  return {
    id: index + 1,
    card: record.uniqueid,
    fullName: [text(record.name), text(record.surname)].filter(Boolean).join(' '),
    plate,
    vehicle:
      vehicleName && plate && !vehicleName.includes(plate)
        ? `${vehicleName} (${plate})`
        : vehicleName || plate,
    lastSeen: record.last_seen ?? null,
    state: gridState(record.working_state),
    computed: record.counters_source === 'computed',
    ...parseCounters(record.counters),
  };
}

/** The search of the drivers screen: driver name or plate (document 3 §2). */
export const driverSearchTexts = (row: TachoDriverRow): unknown[] => [row.fullName, row.plate, row.vehicle];
