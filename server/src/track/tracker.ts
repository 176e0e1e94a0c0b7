/**
 * Trips and stops from a time-ordered stream of samples (see REPORTS.md §3). Each step between two
 * samples belongs to the segment open at the earlier one: its distance (odometer difference) and its
 * driving, idle and ignition-off time as `stepMotion` counts them. A pause shorter than the minimum stop
 * stays inside the trip; a longer one is a stop. A gap over `maxGapMs` while moving ends the trip.
 */
import { haversineDistance } from '@frota/core';
import type { Sample } from './sample';

export const MIN_STOP_MS = 5 * 60_000;
export const MAX_GAP_MS = 15 * 60_000;
/** An odometer step longer than this is a correction or a GPS jump, not travel. */
export const MAX_STEP_M = 100_000;

export interface Totals {
  /** metres: odometer differences, or the great-circle distance for steps without an odometer */
  distance: number;
  /** metres inside working hours: each step's distance shared in proportion to its time inside them */
  workDistance: number;
  drivingMs: number;
  idleMs: number;
  offMs: number;
  maxSpeed: number;
  maxSpeedSample?: Sample;
}

export interface Trip extends Totals {
  start: Sample;
  end: Sample;
  startTime: number;
  endTime: number;
}

export interface Stop extends Totals {
  /** the sample where the vehicle is (the first of the stop, or the last known before it) */
  at: Sample;
  startTime: number;
  endTime: number;
  ignitionOff: boolean;
}

export interface TrackerOptions {
  minStopMs?: number;
  maxGapMs?: number;
  /** milliseconds of [t0, t1) inside working hours (workDistance stays 0 without it) */
  workOverlap?: (t0: number, t1: number) => number;
}

const emptyTotals = (): Totals => ({
  distance: 0,
  workDistance: 0,
  drivingMs: 0,
  idleMs: 0,
  offMs: 0,
  maxSpeed: 0,
});

function merge(into: Totals, from: Totals): void {
  into.distance += from.distance;
  into.workDistance += from.workDistance;
  into.drivingMs += from.drivingMs;
  into.idleMs += from.idleMs;
  into.offMs += from.offMs;
  if (from.maxSpeed > into.maxSpeed) {
    into.maxSpeed = from.maxSpeed;
    into.maxSpeedSample = from.maxSpeedSample;
  }
}

/** Odometer difference of one step; negative (reset) or huge (correction) steps count nothing. */
export function odometerStep(a: Sample | undefined, b: Sample): number | undefined {
  if (!a || a.odometer === undefined || b.odometer === undefined) return undefined;
  const d = b.odometer - a.odometer;
  return d >= 0 && d < MAX_STEP_M ? d : 0;
}

/** The distance of one step: the odometer's, else the great circle between two valid fixes. */
export function stepDistance(a: Sample, b: Sample): number {
  const odo = odometerStep(a, b);
  if (odo !== undefined) return odo;
  return a.valid && b.valid ? haversineDistance(a, b) : 0;
}

export interface StepMotion {
  motion: Sample['motion'];
  /** the share of the step's time that counts (1 for ignition-off time) */
  share: number;
}

/**
 * The engine time of one step a -> b: the one rule for trips and stops (Tracker) and for the day figures
 * (DayBook), given as a motion and the share of the step's time it takes.
 * - The ignition off at `a`: ignition-off time, whatever follows.
 * - Up to `maxGapMs`: the motion of `a` throughout (positions this close together show every
 *   change of state).
 * - Longer (a tracker reporting sparsely, often every 30 minutes while idling), judged by both ends:
 *   driving when moving at both ends, idle otherwise, for
 *   - the hour-meter difference, when both ends carry `hours` and it fits the gap (0..gap): the meter
 *     saw what the positions did not. A reset (negative) or more than the gap is not believed;
 *   - else the whole gap when the ignition is still on at `b`, nothing when it is off there (when it
 *     went off is unknown, so no engine time is invented).
 * The meter is not used for short steps: meters tick in coarse units (0.1 h is common) and would zero
 * most short steps, while the positions already show what happened.
 */
export function stepMotion(a: Sample, b: Sample, maxGapMs: number): StepMotion {
  if (a.motion === 'off') return { motion: 'off', share: 1 };
  const full = b.time - a.time;
  if (full <= maxGapMs) return { motion: a.motion, share: 1 };
  const motion = a.motion === 'moving' && b.motion === 'moving' ? 'moving' : 'idle';
  if (a.hours !== undefined && b.hours !== undefined) {
    const ran = b.hours - a.hours;
    if (ran >= 0 && ran <= full) return { motion, share: ran / full };
  }
  return { motion, share: b.ignition ? 1 : 0 };
}

/** Adds the step a -> b (clipped to start at `clipFrom`) to the totals. */
export function addStep(
  t: Totals,
  a: Sample,
  b: Sample,
  maxGapMs: number,
  clipFrom = -Infinity,
  workOverlap?: TrackerOptions['workOverlap'],
): void {
  const full = b.time - a.time;
  if (full <= 0) return;
  const begin = Math.max(a.time, clipFrom);
  const dt = b.time - begin;
  if (dt <= 0) return;
  const distance = stepDistance(a, b);
  t.distance += dt === full ? distance : (distance * dt) / full;
  if (workOverlap) t.workDistance += (distance * workOverlap(begin, b.time)) / full;
  addTime(t, stepMotion(a, b, maxGapMs), dt);
}

/** Adds `dt` milliseconds of a step counted by `stepMotion` to driving, idle or ignition-off time. */
export function addTime(
  t: Pick<Totals, 'drivingMs' | 'idleMs' | 'offMs'>,
  counted: StepMotion,
  dt: number,
): void {
  if (counted.motion === 'off') t.offMs += dt;
  else if (counted.motion === 'moving') t.drivingMs += dt * counted.share;
  else t.idleMs += dt * counted.share;
}

function see(t: Totals, s: Sample): void {
  if (s.valid && s.speed > t.maxSpeed) {
    t.maxSpeed = s.speed;
    t.maxSpeedSample = s;
  }
}

export const segmentDistance = (t: Totals): number => t.distance;

/** Tracker.snapshot(): the open trip and pause, and the last sample. */
export interface TrackerState {
  prev: Sample | undefined;
  trip: Open | undefined;
  pause: Open | undefined;
}

export interface Open extends Totals {
  first: Sample;
  startTime: number;
  ignitionOff: boolean;
}

export class Tracker {
  readonly trips: Trip[] = [];
  readonly stops: Stop[] = [];
  private readonly minStop: number;
  private readonly maxGap: number;
  private readonly workOverlap: TrackerOptions['workOverlap'];
  private prev: Sample | undefined;
  private trip: Open | undefined;
  /** not-moving run after a trip, or the stop the period began with */
  private pause: Open | undefined;
  private clipFrom = -Infinity;

  constructor(
    options: TrackerOptions = {},
    private readonly onTrip?: (trip: Trip) => void,
  ) {
    this.minStop = options.minStopMs ?? MIN_STOP_MS;
    this.maxGap = options.maxGapMs ?? MAX_GAP_MS;
    this.workOverlap = options.workOverlap;
  }

  /** The last position before the period: a vehicle not moving then is in a stop from `from`. */
  seed(sample: Sample, from: number): void {
    this.prev = sample;
    this.clipFrom = from;
    if (sample.motion !== 'moving') this.pause = this.open(sample, from);
  }

  /**
   * Carries on from `s`, a moving sample that ended a stop: the tracker is then exactly as it was after
   * pushing `s` (a new trip open at `s`, nothing else), whatever came before (modules/segments).
   */
  resume(s: Sample): void {
    this.prev = s;
    this.pause = undefined;
    this.trip = this.open(s, s.time);
    see(this.trip, s);
  }

  /**
   * The state between two pushes of a tracker that was not seeded, as plain data (modules/segments keeps
   * it between passes so that only new positions are read). Closed trips and stops are not part of it.
   */
  snapshot(): TrackerState {
    return { prev: this.prev, trip: this.trip, pause: this.pause };
  }

  /** Carries on from a snapshot of a tracker that was not seeded (the options are this one's). */
  restore(state: TrackerState): void {
    this.prev = state.prev;
    this.trip = state.trip;
    this.pause = state.pause;
  }

  private open(first: Sample, startTime: number): Open {
    return { ...emptyTotals(), first, startTime, ignitionOff: first.motion === 'off' };
  }

  push(s: Sample): void {
    const prev = this.prev;
    this.prev = s;
    if (!prev) {
      if (s.motion === 'moving') this.trip = this.open(s, s.time);
      else this.pause = this.open(s, s.time);
      see((this.trip ?? this.pause)!, s);
      return;
    }
    const gap = s.time - prev.time;
    const current = this.pause ?? this.trip;
    if (this.trip && !this.pause && gap > this.maxGap) this.splitAtGap(prev, s);
    else if (current) addStep(current, prev, s, this.maxGap, this.clipFrom, this.workOverlap);
    this.clipFrom = -Infinity;

    if (s.motion === 'moving') {
      if (this.pause) {
        const pause = this.pause;
        this.pause = undefined;
        const short = s.time - pause.startTime < this.minStop;
        if (this.trip && short) merge(this.trip, pause);
        else {
          if (this.trip) this.closeTrip(pause.first);
          if (!short) this.stops.push(this.toStop(pause, s.time));
          this.trip = this.open(s, s.time);
        }
      } else if (!this.trip) this.trip = this.open(s, s.time);
      see(this.trip!, s);
    } else {
      if (!this.pause) this.pause = this.open(s, s.time);
      if (s.motion === 'off') this.pause.ignitionOff = true;
      see(this.pause, s);
    }
  }

  /**
   * Moving, then silence: the trip ends at the last position heard (where the vehicle went is unknown).
   * When it is found not moving, the stop begins at that last position, so the gap is the stop's and its
   * time counts there by `stepMotion` (as the day figures count it). When it is found moving again, the
   * gap lies between two trips and belongs to neither (nor does its distance); the day figures still
   * count it as driving.
   */
  private splitAtGap(prev: Sample, s: Sample): void {
    this.closeTrip(prev);
    if (s.motion === 'moving') {
      this.trip = this.open(s, s.time);
      return;
    }
    this.pause = this.open(prev, prev.time);
    this.pause.ignitionOff = s.motion === 'off';
    addStep(this.pause, prev, s, this.maxGap, this.clipFrom, this.workOverlap);
  }

  /** Ends the period at `end` (the period's end, or now): open segments are closed. */
  finish(end: number): void {
    const last = this.prev;
    if (this.pause && last) {
      const pause = this.pause;
      if (last.motion === 'off') pause.offMs += Math.max(0, end - Math.max(last.time, pause.startTime));
      if (this.trip) this.closeTrip(pause.first);
      if (end - pause.startTime >= this.minStop) this.stops.push(this.toStop(pause, end));
    } else if (this.trip && last) this.closeTrip(last);
    this.trip = undefined;
    this.pause = undefined;
  }

  private closeTrip(end: Sample): void {
    const t = this.trip!;
    this.trip = undefined;
    const trip: Trip = { ...t, start: t.first, end, startTime: t.startTime, endTime: end.time };
    this.trips.push(trip);
    this.onTrip?.(trip);
  }

  private toStop(p: Open, endTime: number): Stop {
    return { ...p, at: p.first, startTime: p.startTime, endTime };
  }
}
