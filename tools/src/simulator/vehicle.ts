/**
 * The vehicle state machine (pure: state, elapsed time and a seeded Random in, next state out).
 *
 *   off ──shift starts──> idle (ignition on, driver card) ──> drive ──arrives──> idle ──> parked ──> idle ...
 *                          ^                                    │ traffic stop: idle ──> drive
 *                          └── parked (ignition off) <──────────┘ shift over: idle ──> off (ignition off)
 *
 * While driving the vehicle follows its route's straight legs at its cruise speed (with acceleration
 * limits and small GPS noise), and now and then speeds, brakes hard or corners hard. Fuel falls with
 * distance and idling and is refilled at a stop when low. A school bus reads a few of its passengers' cards
 * at each stop (one card a record, in the reader instead of the driver's); a crane lifts at each stop, its
 * work input on for one cycle; a machine's power stays under its engine_voltage while it idles without work.
 */
import { jitter, pointOnLeg, type LatLon } from './geo';
import { inShift, nextShiftStart, type VehicleProfile } from './profile';
import type { Random } from './random';

export type Phase = 'off' | 'parked' | 'idle' | 'drive';

export type VehicleEvent =
  | { type: 'ignitionOn' }
  | { type: 'ignitionOff' }
  /** Teltonika green driving: 1 acceleration, 2 braking, 3 cornering; value in the device's units */
  | { type: 'greenDriving'; kind: 1 | 2 | 3; value: number }
  | { type: 'sos' };

export interface VehicleState {
  /** simulated time of this state, ms since epoch */
  time: number;
  phase: Phase;
  /** when an off, parked or idle phase ends */
  until: number;
  /** what the current idle phase turns into */
  then: 'drive' | 'parked' | 'off';
  /** index of the route leg being driven (or last arrived at) and metres along it */
  leg: number;
  legMetres: number;
  /** the exact point on the route */
  point: LatLon;
  /** what the GPS reports: the point with a few metres of noise */
  fix: LatLon;
  course: number;
  speedKmh: number;
  altitude: number;
  satellites: number;
  /** metres */
  odometer: number;
  /** percent of the tank */
  fuel: number;
  powerMv: number;
  batteryMv: number;
  /** GSM signal 0..5 */
  rssi: number;
  /** RFID card in the reader */
  driver: string | null;
  /** a passenger's card read in this record (it stands in the reader for the driver's), or null */
  passengerCard: string | null;
  /** the passengers' cards still to be read at this stop */
  boarding: string[];
  /** a crane's lift cycle: its work input (digital input `workPort`) is on from workFrom to workUntil */
  workPort: number | null;
  workFrom: number;
  workUntil: number;
  /** engine rpm of a canbus tracker (null without a canbus) */
  rpm: number | null;
  /** a speeding episode lasts until this time (0: none) */
  speedingUntil: number;
  /** what happened in the step that produced this state */
  event: VehicleEvent | null;
}

export const MOVING_PERIOD_MS = 10_000;
export const PARKED_PERIOD_MS = 60_000;
/** per 10 s of driving: a speeding episode about every 2 h at the wheel, a harsh manoeuvre every hour */
const SPEEDING_CHANCE = 1 / 720;
const TRAFFIC_STOP_CHANCE = 1 / 40;
const GREEN_DRIVING_CHANCE = 1 / 360;
/** per 10 s with the ignition on */
const SOS_CHANCE = 1 / 50_000;
const LOW_RSSI_CHANCE = 0.05;
const ACCEL_KMH_PER_S = 3;
const IDLE_FUEL_PER_MIN = 0.02;
const REFUEL_BELOW = 25;
const MIN = 60_000;
/** passengers boarding at one stop, at most */
const MAX_BOARDING = 4;

/** A crane lifting: standing at a stop inside its work cycle. */
const lifting = (s: VehicleState): boolean =>
  s.workPort !== null && s.phase === 'idle' && s.time > s.workFrom && s.time < s.workUntil;

/** A machine driving or lifting: its power is above engine_voltage (13 V in the demo). */
const working = (s: VehicleState): boolean => s.phase === 'drive' || lifting(s);

export const ignitionOf = (s: VehicleState): boolean => s.phase === 'idle' || s.phase === 'drive';

/** Records every 10 s with the engine running, every minute when parked. */
export const recordPeriodMs = (s: VehicleState): number =>
  ignitionOf(s) ? MOVING_PERIOD_MS : PARKED_PERIOD_MS;

/** Chance per 10 s scaled to a step of `dtMs`. */
const per10s = (probability: number, dtMs: number) => 1 - (1 - probability) ** (dtMs / 10_000);

function altitudeAt(p: LatLon, profile: VehicleProfile): number {
  if (profile.kind === 'boat') return 0;
  return Math.round(40 + 30 * Math.sin(p.latitude * 400) * Math.cos(p.longitude * 300));
}

/** Sensors that drift on their own: power, battery, signal, satellites, GPS noise. */
function withSensors(s: VehicleState, profile: VehicleProfile, rnd: Random): VehicleState {
  const on = ignitionOf(s);
  let rssi = s.rssi;
  if (rnd.chance(LOW_RSSI_CHANCE)) rssi = 1;
  else if (rssi < 3 || rnd.chance(0.2)) rssi = rnd.int(3, 5);
  // a machine idling without work stays under its engine_voltage (connected, not working)
  const lowIdle = profile.kind === 'machine' && !working(s);
  return {
    ...s,
    powerMv: Math.round(
      on
        ? lowIdle
          ? rnd.between(12_550, 12_900)
          : rnd.between(13_300, 14_300)
        : rnd.between(12_200, 12_400),
    ),
    rpm: profile.canbus ? (on ? (s.speedKmh > 0 ? Math.round(900 + s.speedKmh * 22) : 800) : 0) : null,
    batteryMv: Math.round(rnd.between(4_020, 4_180)),
    rssi,
    satellites: rnd.int(7, 14),
    fix: jitter(s.point, s.speedKmh > 0 ? 4 : 2, rnd),
    altitude: altitudeAt(s.point, profile),
  };
}

export function initialState(profile: VehicleProfile, time: number, rnd: Random): VehicleState {
  const { route } = profile;
  const leg = rnd.int(0, route.points.length - 1);
  const base: VehicleState = {
    time,
    phase: 'off',
    until: nextShiftStart(profile, time) + rnd.int(0, 30) * MIN,
    then: 'drive',
    leg,
    legMetres: 0,
    point: route.points[leg],
    fix: route.points[leg],
    course: 0,
    speedKmh: 0,
    altitude: 0,
    satellites: 10,
    odometer: 10_000_000 + profile.index * 1_234_567,
    fuel: rnd.between(40, 95),
    powerMv: 12_300,
    batteryMv: 4_100,
    rssi: 4,
    driver: null,
    passengerCard: null,
    boarding: [],
    workPort: profile.ptoPort ?? null,
    workFrom: 0,
    workUntil: 0,
    rpm: null,
    speedingUntil: 0,
    event: null,
  };
  if (!inShift(profile, time)) return withSensors(base, profile, rnd);
  if (rnd.chance(0.3)) {
    return withSensors({ ...base, phase: 'parked', until: time + rnd.int(1, 30) * MIN }, profile, rnd);
  }
  const legMetres = rnd.between(0, route.lengths[leg]);
  const { point, course } = pointOnLeg(route, leg, legMetres);
  const started: VehicleState = {
    ...base,
    phase: 'drive',
    legMetres,
    point,
    course,
    speedKmh: Math.round(profile.cruiseKmh * 0.8),
    driver: profile.driver,
  };
  return withSensors(started, profile, rnd);
}

function ignitionOn(s: VehicleState, profile: VehicleProfile, rnd: Random): VehicleState {
  return {
    ...s,
    phase: 'idle',
    until: s.time + rnd.int(1, 4) * MIN,
    then: 'drive',
    driver: profile.driver,
    event: { type: 'ignitionOn' },
  };
}

function endIdle(s: VehicleState, profile: VehicleProfile, rnd: Random): VehicleState {
  switch (s.then) {
    case 'drive':
      return { ...s, phase: 'drive' };
    case 'parked':
      return {
        ...s,
        phase: 'parked',
        until: s.time + rnd.int(5, 40) * MIN,
        driver: null,
        event: { type: 'ignitionOff' },
      };
    case 'off':
      return {
        ...s,
        phase: 'off',
        until: nextShiftStart(profile, s.time) + rnd.int(0, 30) * MIN,
        driver: null,
        event: { type: 'ignitionOff' },
      };
  }
}

function drive(s: VehicleState, profile: VehicleProfile, dtMs: number, rnd: Random): VehicleState {
  const { route } = profile;
  if (s.speedKmh > 0 && rnd.chance(per10s(TRAFFIC_STOP_CHANCE, dtMs))) {
    // a traffic light or a jam: the engine idles, then the trip goes on
    return { ...s, phase: 'idle', then: 'drive', until: s.time + rnd.int(20, 120) * 1000, speedKmh: 0 };
  }
  let speedingUntil = s.speedingUntil;
  if (profile.speedingKmh > 0 && s.time >= speedingUntil && rnd.chance(per10s(SPEEDING_CHANCE, dtMs))) {
    speedingUntil = s.time + rnd.int(60, 180) * 1000;
  }
  const target =
    s.time < speedingUntil
      ? profile.speedingKmh + rnd.between(-2, 5)
      : profile.cruiseKmh * rnd.between(0.8, 1.2);
  const maxChange = (ACCEL_KMH_PER_S * dtMs) / 1000;
  const speedKmh = Math.max(0, s.speedKmh + Math.max(-maxChange, Math.min(maxChange, target - s.speedKmh)));
  const metres = (((s.speedKmh + speedKmh) / 2) * dtMs) / 3600;

  const length = route.lengths[s.leg];
  if (s.legMetres + metres >= length) {
    // arrived at the next waypoint: stop there, then park, drive on, or end the shift
    const leg = (s.leg + 1) % route.points.length;
    const done = length - s.legMetres;
    const fuel = s.fuel - (done / 1000) * profile.fuelPerKm;
    // a school bus drives on from most of its stops
    const parkChance = profile.passengerCards.length ? 0.1 : 0.6;
    const then = !inShift(profile, s.time) ? 'off' : rnd.chance(parkChance) ? 'parked' : 'drive';
    let until = s.time + rnd.int(1, 3) * MIN;
    let { workFrom, workUntil } = s;
    if (s.workPort !== null) {
      // a crane lifts at each stop: one work cycle, then the engine idles a little before it goes on
      workFrom = s.time;
      workUntil = s.time + rnd.int(4, 12) * MIN;
      until = workUntil + rnd.int(1, 3) * MIN;
    }
    return {
      ...s,
      phase: 'idle',
      until,
      then,
      workFrom,
      workUntil,
      boarding: boardingAt(profile, rnd),
      leg,
      legMetres: 0,
      point: route.points[leg],
      speedKmh: 0,
      speedingUntil: 0,
      odometer: s.odometer + done,
      fuel: fuel < REFUEL_BELOW ? rnd.between(92, 100) : fuel,
    };
  }
  const legMetres = s.legMetres + metres;
  const { point, course } = pointOnLeg(route, s.leg, legMetres);
  let event: VehicleEvent | null = null;
  if (rnd.chance(per10s(GREEN_DRIVING_CHANCE, dtMs))) {
    event = { type: 'greenDriving', kind: rnd.int(1, 3) as 1 | 2 | 3, value: rnd.int(10, 60) };
  }
  return {
    ...s,
    legMetres,
    point,
    course: Math.round(course + rnd.between(-2, 2) + 360) % 360,
    speedKmh: Math.round(speedKmh),
    speedingUntil,
    odometer: s.odometer + metres,
    fuel: Math.max(3, s.fuel - (metres / 1000) * profile.fuelPerKm),
    event,
  };
}

/** The cards read at a school bus's stop: one to four of its passengers, each once. */
function boardingAt(profile: VehicleProfile, rnd: Random): string[] {
  const cards = [...profile.passengerCards];
  if (!cards.length) return [];
  const count = rnd.int(1, Math.min(MAX_BOARDING, cards.length));
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(...cards.splice(rnd.int(0, cards.length - 1), 1));
  return out;
}

/** One card a record while the bus stands at its stop; the queue is dropped when it leaves. */
function readCard(s: VehicleState): VehicleState {
  if (s.phase !== 'idle' || !s.boarding.length) return { ...s, passengerCard: null, boarding: [] };
  return { ...s, passengerCard: s.boarding[0], boarding: s.boarding.slice(1) };
}

/** The state `dtMs` later. */
export function step(state: VehicleState, profile: VehicleProfile, dtMs: number, rnd: Random): VehicleState {
  let s: VehicleState = { ...state, time: state.time + dtMs, event: null };
  switch (s.phase) {
    case 'off':
      if (s.time >= s.until) s = ignitionOn(s, profile, rnd);
      break;
    case 'parked':
      if (s.time < s.until) break;
      s = inShift(profile, s.time)
        ? ignitionOn(s, profile, rnd)
        : { ...s, phase: 'off', until: nextShiftStart(profile, s.time) + rnd.int(0, 30) * MIN };
      break;
    case 'idle':
      s.fuel = Math.max(3, s.fuel - (dtMs / MIN) * IDLE_FUEL_PER_MIN);
      if (s.time >= s.until) s = endIdle(s, profile, rnd);
      break;
    case 'drive':
      s = drive(s, profile, dtMs, rnd);
      break;
  }
  if (ignitionOf(s) && !s.event && rnd.chance(per10s(SOS_CHANCE, dtMs))) s.event = { type: 'sos' };
  return withSensors(readCard(s), profile, rnd);
}

/** One record's worth of readings, independent of the protocol that carries it. */
export interface Sample {
  time: number;
  latitude: number;
  longitude: number;
  altitude: number;
  course: number;
  speedKmh: number;
  satellites: number;
  ignition: boolean;
  motion: boolean;
  idling: boolean;
  /** metres */
  odometer: number;
  /** percent */
  fuel: number;
  powerMv: number;
  batteryMv: number;
  rssi: number;
  driver: string | null;
  /** a passenger's card in the reader instead of the driver's (IO 78 carries one card) */
  passengerCard?: string | null;
  /** engine rpm (canbus), absent or null when not reported */
  rpm?: number | null;
  /** a digital input the vehicle's work switches (a crane's pto_port), absent or null for none */
  workInput?: { port: number; on: boolean } | null;
  event: VehicleEvent | null;
}

export function sampleOf(s: VehicleState): Sample {
  return {
    time: s.time,
    latitude: s.fix.latitude,
    longitude: s.fix.longitude,
    altitude: s.altitude,
    course: s.course,
    speedKmh: Math.round(s.speedKmh),
    satellites: s.satellites,
    ignition: ignitionOf(s),
    motion: s.speedKmh > 0,
    idling: s.phase === 'idle',
    odometer: Math.round(s.odometer),
    fuel: Math.round(s.fuel),
    powerMv: s.powerMv,
    batteryMv: s.batteryMv,
    rssi: s.rssi,
    driver: s.driver,
    passengerCard: s.passengerCard,
    rpm: s.rpm,
    workInput: s.workPort === null ? null : { port: s.workPort, on: lifting(s) },
    event: s.event,
  };
}
