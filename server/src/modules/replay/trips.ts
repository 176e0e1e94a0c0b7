/**
 * The replay's trips: the trips report's own trips (tripGroups: the same detection, drivers and filters)
 * in the Trip shape of document 2 §3, with the index range of each trip in the replayed positions.
 */
import { kmhToKnots } from '@frota/core';
import type { ReportContext } from '../../reports/context';
import { addresses, placeOf } from '../../reports/builders/common';
import { tripGroups, type TripInfo } from '../../reports/builders/trips';
import type { FuelEvent } from '../../track/fuel';
import type { Interval } from '../../track/intervals';
import type { Sample } from '../../track/sample';
import type { PositionColumns } from './positionColumns';

export interface ReplayTrip {
  trip_start_fixtime: string;
  trip_end_fixtime: string;
  trip_start_address: string | null;
  trip_end_address: string | null;
  /** knots */
  trip_max_speed: number;
  /** seconds */
  trip_duration: number;
  /** metres */
  trip_distance: number;
  trip_driver_uniqueid: string | null;
  /** power take-off activations that began during the trip */
  trip_ptos: number;
  /** refills dated during the trip */
  trip_refills: number;
  /** 1 when a position of the trip is private */
  trip_privacy: 0 | 1;
  start_index: number;
  end_index: number;
}

/** The trips of the context's (one) vehicle, as the trips report finds them. */
export async function reportTrips(ctx: ReportContext): Promise<TripInfo[]> {
  const [group] = await tripGroups(ctx);
  return group?.trips ?? [];
}

/** Index of a sample in the columns; a sample not found there maps to the first position at or after it. */
function indexOf(cols: PositionColumns, s: Sample): number {
  const exact = cols.indexOf(s.id, s.time);
  return exact >= 0 ? exact : cols.indexAtOrAfter(s.time);
}

const iso = (ms: number) => new Date(ms).toISOString();
const round2 = (v: number) => Math.round(v * 100) / 100;

export async function tripRows(
  ctx: ReportContext,
  trips: TripInfo[],
  cols: PositionColumns,
  refills: FuelEvent[],
  pto: Interval[],
): Promise<ReplayTrip[]> {
  if (!trips.length) return [];
  // addresses() leaves a private place empty for users who may not see it
  const places = await addresses(
    ctx,
    trips.flatMap((t) => [t.start, t.end]),
  );
  const place = (s: Sample) => placeOf(places, s) || null;
  const during = (time: number, t: TripInfo) => time >= t.startTime && time <= t.endTime;
  return trips.map((t) => {
    const start = indexOf(cols, t.start);
    const end = Math.max(start, indexOf(cols, t.end));
    return {
      trip_start_fixtime: iso(t.startTime),
      trip_end_fixtime: iso(t.endTime),
      trip_start_address: place(t.start),
      trip_end_address: place(t.end),
      trip_max_speed: round2(kmhToKnots(t.maxSpeed)),
      trip_duration: Math.round(t.durationMs / 1000),
      trip_distance: Math.round(t.distanceM),
      trip_driver_uniqueid: t.driver ?? null,
      trip_ptos: pto.filter((i) => during(i.startTime, t)).length,
      trip_refills: refills.filter((e) => during(e.time, t)).length,
      trip_privacy: cols.anyPrivate(start, end) ? 1 : 0,
      start_index: start,
      end_index: end,
    };
  });
}
