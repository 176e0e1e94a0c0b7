/**
 * Trips and stops as stored in `segments.data` (migration 024): their samples and figures, without the
 * top-speed sample (nothing reads it back). A stop also keeps the sample that ended it, where the tracker
 * resumes (Tracker.resume), and for a vehicle whose fuel level gives litres the fuel analyzer's state there.
 */
import type { Sample } from '../sample';
import type { Stop, Trip } from '../tracker';
import type { FuelHoursState } from './fuelHours';

export const TRIP = 1;
export const STOP = 2;

/** A stored stop: the stop and the moving sample that ended it (and the fuel analyzer's state there). */
export interface StoredStop extends Stop {
  resume: Sample;
  fuel?: FuelHoursState;
}

export interface Closed {
  kind: typeof TRIP | typeof STOP;
  /** the sample whose arrival closed the segment */
  closedBy: Sample;
  trip?: Trip;
  stop?: StoredStop;
}

function bare<T extends { maxSpeedSample?: Sample }>(t: T): Omit<T, 'maxSpeedSample'> {
  const { maxSpeedSample: _unused, ...rest } = t;
  return rest;
}

export const encodeClosed = (c: Closed): string => JSON.stringify(bare((c.trip ?? c.stop)!));

export function decodeTrip(data: unknown): Trip {
  return (typeof data === 'string' ? JSON.parse(data) : data) as Trip;
}

export function decodeStop(data: unknown): StoredStop {
  return (typeof data === 'string' ? JSON.parse(data) : data) as StoredStop;
}

export const decodeSample = (data: unknown): Sample =>
  (typeof data === 'string' ? JSON.parse(data) : data) as Sample;

/** Position order: fix time, then id. */
export const after = (s: { time: number; id: number }, time: number, id: number): boolean =>
  s.time > time || (s.time === time && s.id > id);
