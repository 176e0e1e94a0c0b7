/**
 * Who each simulated vehicle is: kind, route, shift and driver. Derived from the vehicle's index so the
 * demo fleet of tools/src/seedDemo.ts (index i = uniqueId 356307042440000 + i) gets matching vehicles:
 * machines at 20..22, boats at 23..24, trucks and buses among the rest.
 */
import { demoDriverKey } from '../demoDrivers';
import {
  DEMO_WORKSHOP_DAYS,
  demoPassengerCard,
  hasCanbus,
  inDemoWorkshop,
  passengersOfBus,
  ptoPortOf,
} from './demoFleet';
import { WAYPOINTS, makeRoute, type Route, type WaypointName } from './geo';

export type VehicleKind = 'car' | 'truck' | 'machine' | 'boat';

export interface VehicleProfile {
  index: number;
  uniqueId: string;
  kind: VehicleKind;
  route: Route;
  /** usual speed on the road, km/h */
  cruiseKmh: number;
  /** speed of a speeding episode (above 90 km/h), or 0 for vehicles that never speed */
  speedingKmh: number;
  /** shift start, hour of the day in Luanda (UTC+1), and its length in hours */
  shiftStartHour: number;
  shiftHours: number;
  /**
   * From this moment (ms) on the vehicle works at any hour, as with a 24-hour shift; before it, its own
   * shift. The demo's past keeps the fleet's working hours and its live part moves whenever it is opened.
   */
  allDayFrom?: number;
  /** From this moment (ms) on the vehicle is in the workshop: it ends its trip and stays parked. */
  workshopFrom?: number;
  /** the RFID key of the vehicle's usual driver (a demo seed driver's uniqueId) */
  driver: string;
  /** fuel level used per kilometre, percent of the tank */
  fuelPerKm: number;
  /** a canbus tracker: reports engine rpm (not on machines, whose work reads power) */
  canbus: boolean;
  /** a school bus: the cards of its passengers, read at its stops (empty for other vehicles) */
  passengerCards: string[];
  /** a crane: the digital input its lift switches on (pto_port), undefined for other vehicles */
  ptoPort?: number;
  seed: number;
}

const CITY: WaypointName[] = [
  'baixa',
  'maianga',
  'aeroporto',
  'cazenga',
  'saoPaulo',
  'rangel',
  'golf',
  'camama',
  'talatona',
  'benfica',
  'kilamba',
  'viana',
];

const FLEET_SIZE = 25;

export function kindOf(index: number): VehicleKind {
  const i = index % FLEET_SIZE;
  if (i >= 23) return 'boat';
  if (i >= 20) return 'machine';
  // seedDemo's categories cycle car, jeep, truck, van, bus, pickup, bike: trucks and buses drive like trucks
  return i % 7 === 2 || i % 7 === 4 ? 'truck' : 'car';
}

function routeFor(kind: VehicleKind, index: number): Route {
  const w = (names: WaypointName[]) => makeRoute(names.map((n) => WAYPOINTS[n]));
  switch (kind) {
    case 'boat':
      return w(index % 2 ? ['baiaA', 'baiaB', 'baiaC'] : ['baiaC', 'baiaA', 'baiaB']);
    case 'machine':
      return w(['estaleiroA', 'estaleiroB', 'estaleiroC', 'estaleiroD']);
    case 'truck':
      return w(
        index % 2
          ? ['porto', 'expressaNorte', 'expressaCentro', 'expressaSul', 'viana']
          : ['viana', 'expressaSul', 'expressaCentro', 'expressaNorte', 'cazenga', 'porto'],
      );
    case 'car': {
      // a depot and three stops, different for each vehicle
      const stops = [0, 3, 7, 10].map((k) => CITY[(index * 5 + k) % CITY.length]);
      return w([...new Set(stops)]);
    }
  }
}

/** Stops along each leg, which is cut in `parts` (a school bus's stops, a crane's lifting spots). */
function withStops(route: Route, parts: number): Route {
  const n = route.points.length;
  const points = route.points.flatMap((from, i) => {
    const to = route.points[(i + 1) % n];
    return Array.from({ length: parts }, (_, k) => ({
      latitude: from.latitude + ((to.latitude - from.latitude) * k) / parts,
      longitude: from.longitude + ((to.longitude - from.longitude) * k) / parts,
    }));
  });
  return makeRoute(points);
}

const HOUR = 3_600_000;
const SCHOOL_BUS_STOPS_PER_LEG = 5;
/** a crane moves a few hundred metres on the site between lifts */
const CRANE_STOPS_PER_LEG = 4;

/**
 * `allDay`: a shift of 24 hours, so the vehicle drives, idles and parks at any hour; a time: the vehicle's
 * own shift before it and any hour from it on (allDayFrom).
 */
export function createProfile(
  index: number,
  uniqueId: string,
  allDay: boolean | number = false,
): VehicleProfile {
  const kind = kindOf(index);
  const passengerCards = passengersOfBus(index).map(demoPassengerCard);
  const night = kind !== 'machine' && kind !== 'boat' && index % 4 === 3;
  const profile: VehicleProfile = {
    index,
    uniqueId,
    kind,
    route: passengerCards.length
      ? withStops(routeFor(kind, index), SCHOOL_BUS_STOPS_PER_LEG)
      : ptoPortOf(index) !== undefined
        ? withStops(routeFor(kind, index), CRANE_STOPS_PER_LEG)
        : routeFor(kind, index),
    cruiseKmh: { car: 50, truck: 45, machine: 12, boat: 22 }[kind] + (index % 5) * 2,
    speedingKmh: kind === 'car' ? 102 + (index % 4) * 5 : kind === 'truck' ? 93 + (index % 3) * 4 : 0,
    // a school bus runs its rounds from 6:00 to 15:00; the others work a day's or a night's shift
    shiftStartHour: passengerCards.length
      ? 6
      : kind === 'machine'
        ? 7
        : kind === 'boat'
          ? 6
          : night
            ? 18
            : 5 + ((index * 7) % 4),
    shiftHours: passengerCards.length
      ? 9
      : kind === 'machine'
        ? 10
        : kind === 'boat'
          ? 12
          : night
            ? 12
            : 11 + (index % 3),
    driver: demoDriverKey(index),
    fuelPerKm: kind === 'truck' ? 0.12 : kind === 'machine' ? 0.6 : 0.2,
    canbus: hasCanbus(index) && kind !== 'machine',
    passengerCards,
    ptoPort: ptoPortOf(index),
    seed: 0x5eed + index * 7919,
  };
  // the demo's vehicles in the workshop: parked since they went in (the demo's start less its days there)
  const workshop =
    allDay !== false && inDemoWorkshop(index)
      ? { workshopFrom: typeof allDay === 'number' ? allDay - DEMO_WORKSHOP_DAYS * 24 * HOUR : -Infinity }
      : {};
  if (typeof allDay === 'number') return { ...profile, allDayFrom: allDay, ...workshop };
  return allDay ? { ...profile, shiftStartHour: 0, shiftHours: 24, ...workshop } : profile;
}

const inWorkshopAt = (profile: VehicleProfile, time: number) =>
  profile.workshopFrom !== undefined && time >= profile.workshopFrom;

/** Luanda is UTC+1 all year. */
const LUANDA_OFFSET_HOURS = 1;

const localHour = (time: number) => (((time / HOUR + LUANDA_OFFSET_HOURS) % 24) + 24) % 24;

/** True while the vehicle's shift is running at `time` (shifts may cross midnight). */
export function inShift(profile: VehicleProfile, time: number): boolean {
  if (inWorkshopAt(profile, time)) return false;
  if (profile.allDayFrom !== undefined && time >= profile.allDayFrom) return true;
  const sinceStart = (localHour(time) - profile.shiftStartHour + 24) % 24;
  return sinceStart < profile.shiftHours;
}

/** The next moment (after `time`) the vehicle's shift starts. */
export function nextShiftStart(profile: VehicleProfile, time: number): number {
  const untilStart = (profile.shiftStartHour - localHour(time) + 24) % 24;
  const next = time + (untilStart === 0 ? 24 : untilStart) * HOUR;
  // the vehicle works at any hour from allDayFrom: its next shift starts then at the latest
  const always = profile.allDayFrom;
  const start = always === undefined || next <= always ? next : Math.max(time, always);
  // none once in the workshop
  return inWorkshopAt(profile, start) ? Infinity : start;
}

/** When the shift running at `time` ends (undefined outside the shift). */
export function shiftEnd(profile: VehicleProfile, time: number): number | undefined {
  if (!inShift(profile, time)) return undefined;
  if (profile.allDayFrom !== undefined && time >= profile.allDayFrom) return Infinity;
  const sinceStart = (localHour(time) - profile.shiftStartHour + 24) % 24;
  return time + (profile.shiftHours - sinceStart) * HOUR;
}
