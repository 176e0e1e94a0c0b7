import { describe, expect, it } from 'vitest';
import { demoDriverKey } from '../demoDrivers';
import { DEMO_WORKSHOP_DAYS, DEMO_WORKSHOP_INDEXES, inDemoWorkshop } from './demoFleet';
import { distanceM } from './geo';
import { runHistory } from './history';
import { createProfile, inShift, kindOf, nextShiftStart, shiftEnd } from './profile';
import { createRandom } from './random';
import {
  DEMO_CRANE_INDEX,
  DEMO_CRANE_PTO_PORT,
  DEMO_SCHOOL_BUS_INDEXES,
  demoPassengerCard,
} from './demoFleet';
import {
  MOVING_PERIOD_MS,
  PARKED_PERIOD_MS,
  ignitionOf,
  initialState,
  recordPeriodMs,
  sampleOf,
  step,
  type Phase,
  type VehicleState,
  type Sample,
} from './vehicle';

const HOUR = 3_600_000;
/** 2025-01-15 00:00 in Luanda (UTC+1) */
const MIDNIGHT = Date.UTC(2025, 0, 14, 23, 0, 0);

function simulate(
  index: number,
  start: number,
  hours: number,
  seed = 1,
  allDay: boolean | number = false,
): VehicleState[] {
  const profile = createProfile(index, String(356307042440000 + index), allDay);
  const rnd = createRandom(seed);
  const states = [initialState(profile, start, rnd)];
  while (states.at(-1)!.time < start + hours * HOUR) {
    const s = states.at(-1)!;
    states.push(step(s, profile, recordPeriodMs(s), rnd));
  }
  return states;
}

const ALLOWED: Record<Phase, Phase[]> = {
  off: ['off', 'idle'],
  parked: ['parked', 'idle', 'off'],
  idle: ['idle', 'drive', 'parked', 'off'],
  drive: ['drive', 'idle'],
};

describe('vehicle profiles and shifts', () => {
  it('matches the demo seed: machines at 20..22, boats at 23..24, trucks and cars elsewhere', () => {
    expect(kindOf(20)).toBe('machine');
    expect(kindOf(23)).toBe('boat');
    expect(kindOf(2)).toBe('truck');
    expect(kindOf(0)).toBe('car');
    expect(kindOf(45)).toBe('machine');
    expect(createProfile(3, 'x').driver).toBe(demoDriverKey(3));
  });

  it('knows when a shift runs, also across midnight', () => {
    const day = createProfile(0, 'a'); // 05:00 for 11 h
    expect(day.shiftStartHour).toBe(5);
    expect(inShift(day, MIDNIGHT + 4 * HOUR)).toBe(false);
    expect(inShift(day, MIDNIGHT + 6 * HOUR)).toBe(true);
    expect(shiftEnd(day, MIDNIGHT + 6 * HOUR)).toBe(MIDNIGHT + 16 * HOUR);
    expect(nextShiftStart(day, MIDNIGHT + 6 * HOUR)).toBe(MIDNIGHT + 29 * HOUR);
    const bus = createProfile(DEMO_SCHOOL_BUS_INDEXES[0], 'c'); // its rounds from 06:00 to 15:00
    expect([bus.shiftStartHour, bus.shiftHours]).toEqual([6, 9]);
    const night = createProfile(3, 'b'); // 18:00 for 12 h
    expect(inShift(night, MIDNIGHT + 2 * HOUR)).toBe(true);
    expect(inShift(night, MIDNIGHT + 12 * HOUR)).toBe(false);
    expect(nextShiftStart(night, MIDNIGHT + 12 * HOUR)).toBe(MIDNIGHT + 18 * HOUR);
  });
});

describe('day cycle', () => {
  const states = simulate(0, MIDNIGHT, 72);

  it('only makes allowed phase transitions, with ignition events exactly when the ignition changes', () => {
    for (let i = 1; i < states.length; i++) {
      const [a, b] = [states[i - 1], states[i]];
      expect(ALLOWED[a.phase]).toContain(b.phase);
      const on = !ignitionOf(a) && ignitionOf(b);
      const off = ignitionOf(a) && !ignitionOf(b);
      expect(b.event?.type === 'ignitionOn').toBe(on);
      expect(b.event?.type === 'ignitionOff').toBe(off);
      expect(b.driver).toBe(ignitionOf(b) ? demoDriverKey(0) : null);
      expect(b.time - a.time).toBe(recordPeriodMs(a));
    }
  });

  it('works around the clock with --allday: on the road in the small hours too', () => {
    const states = simulate(0, MIDNIGHT + 1 * HOUR, 3);
    expect(states.every((s) => s.phase === 'off')).toBe(true);
    const allDay = simulate(0, MIDNIGHT + 1 * HOUR, 3, 1, true);
    expect(allDay.some((s) => s.phase === 'drive')).toBe(true);
    expect(allDay.some((s) => s.phase === 'off')).toBe(false);
  });

  it("keeps its shift before --allday-from (the demo's past) and works at any hour from then on", () => {
    // the demo starts at 02:00 on the second night: the first night off shift, the second on the road
    const start = MIDNIGHT + 26 * HOUR;
    const states = simulate(0, MIDNIGHT, 30, 1, start);
    const firstNight = states.filter((s) => s.time >= MIDNIGHT + HOUR && s.time < MIDNIGHT + 4 * HOUR);
    expect(firstNight.length).toBeGreaterThan(0);
    expect(firstNight.every((s) => s.phase === 'off')).toBe(true);
    // off shift when the demo starts: the engine starts within half an hour of it, not at 05:00
    const ignitions = states.filter((s) => s.event?.type === 'ignitionOn' && s.time >= start);
    expect(ignitions[0].time).toBeLessThanOrEqual(start + 31 * 60_000);
    expect(states.some((s) => s.time >= start && s.time < MIDNIGHT + 29 * HOUR && s.phase === 'drive')).toBe(
      true,
    );
    const profile = createProfile(0, 'a', start);
    expect(inShift(profile, MIDNIGHT + 2 * HOUR)).toBe(false);
    expect(inShift(profile, start + 1)).toBe(true);
    expect(nextShiftStart(profile, MIDNIGHT + 20 * HOUR)).toBe(start);
  });

  it('drives during the shift and sleeps off shift', () => {
    const driving = states.filter((s) => s.phase === 'drive');
    expect(driving.length * MOVING_PERIOD_MS).toBeGreaterThan(10 * HOUR); // over three days
    // off shift (once the last trip is over) the vehicle is parked with the ignition off
    const night = states.filter((s) => {
      const hour = new Date(s.time + HOUR).getUTCHours();
      return hour >= 1 && hour < 4;
    });
    expect(night.length).toBeGreaterThan(0);
    expect(night.every((s) => s.phase === 'off')).toBe(true);
    // ignition on and off several times a day: trips with parked stops between them
    const starts = states.filter((s) => s.event?.type === 'ignitionOn').length;
    expect(starts).toBeGreaterThanOrEqual(6);
    expect(states.some((s) => s.phase === 'parked')).toBe(true);
    expect(states.some((s) => s.phase === 'idle')).toBe(true);
  });

  it('moves along the route at its speed, no teleporting', () => {
    for (let i = 1; i < states.length; i++) {
      const [a, b] = [states[i - 1], states[i]];
      // at most 3 km/h per second faster than either end (a vehicle arriving stops at the waypoint)
      const maxMetres = ((Math.max(a.speedKmh, b.speedKmh) + 30) / 3.6) * ((b.time - a.time) / 1000);
      expect(distanceM(a.point, b.point)).toBeLessThanOrEqual(maxMetres);
      if (b.phase !== 'drive') expect(b.speedKmh).toBe(0);
      expect(distanceM(b.point, b.fix)).toBeLessThanOrEqual(4.01);
    }
  });

  it('speeds now and then (above 90 km/h), brakes hard, and keeps fuel and odometer consistent', () => {
    const speeds = states.map((s) => s.speedKmh);
    expect(Math.max(...speeds)).toBeGreaterThan(90);
    expect(Math.max(...speeds)).toBeLessThan(130);
    expect(states.some((s) => s.event?.type === 'greenDriving')).toBe(true);
    let refills = 0;
    for (let i = 1; i < states.length; i++) {
      const [a, b] = [states[i - 1], states[i]];
      expect(b.odometer).toBeGreaterThanOrEqual(a.odometer);
      if (b.fuel > a.fuel) {
        refills++;
        expect(b.fuel).toBeGreaterThanOrEqual(92);
        expect(a.fuel).toBeLessThan(25);
      }
    }
    expect(refills).toBeGreaterThanOrEqual(1);
    expect(states.at(-1)!.odometer - states[0].odometer).toBeGreaterThan(100_000);
  });

  it('is deterministic for a seed', () => {
    expect(simulate(5, MIDNIGHT, 6, 42)).toEqual(simulate(5, MIDNIGHT, 6, 42));
    expect(simulate(5, MIDNIGHT, 6, 42)).not.toEqual(simulate(5, MIDNIGHT, 6, 43));
  });

  it('starts on the road during the shift and parked off shift', () => {
    const profile = createProfile(0, 'a');
    const phases = new Set(
      Array.from(
        { length: 20 },
        (_, seed) => initialState(profile, MIDNIGHT + 10 * HOUR, createRandom(seed)).phase,
      ),
    );
    expect(phases).toEqual(new Set(['drive', 'parked']));
    expect(initialState(profile, MIDNIGHT + 2 * HOUR, createRandom(1)).phase).toBe('off');
  });

  it('never lets machines speed', () => {
    const machine = simulate(20, MIDNIGHT, 48);
    expect(Math.max(...machine.map((s) => s.speedKmh))).toBeLessThan(20);
    expect(machine.some((s) => s.phase === 'drive')).toBe(true);
  });
});

describe('record field ranges', () => {
  const samples = [0, 2, 3, 20, 23].flatMap((i) => simulate(i, MIDNIGHT, 30, i).map(sampleOf));

  it('reports values a tracker in Luanda would', () => {
    const between = (v: number, min: number, max: number) => v >= min && v <= max;
    const wrong = samples.filter(
      (s) =>
        !(
          between(s.latitude, -9.0, -8.75) &&
          between(s.longitude, 13.15, 13.4) &&
          between(s.course, 0, 359) &&
          s.satellites > 0 &&
          between(s.fuel, 0, 100) &&
          between(s.batteryMv, 4000, 4200) &&
          between(s.rssi, 1, 5) &&
          Number.isInteger(s.odometer) &&
          // a machine idling without work stays under its 13 V engine_voltage
          (s.ignition ? between(s.powerMv, 12_500, 14_400) : between(s.powerMv, 12_100, 12_500)) &&
          s.motion === s.speedKmh > 0 &&
          (!s.idling || (s.ignition && s.speedKmh === 0))
        ),
    );
    expect(wrong).toEqual([]);
    const signal = samples.map((s) => s.rssi);
    expect(signal.filter((r) => r >= 3).length / signal.length).toBeGreaterThan(0.85);
    expect(signal).toContain(1);
  });

  it('records every 10 s with the ignition on and every minute when parked', () => {
    const profile = createProfile(0, 'a');
    const s = initialState(profile, MIDNIGHT + 2 * HOUR, createRandom(1));
    expect(recordPeriodMs(s)).toBe(PARKED_PERIOD_MS);
    expect(recordPeriodMs({ ...s, phase: 'drive' })).toBe(MOVING_PERIOD_MS);
  });
});

describe('the demo fleet of the specific reports and passenger control', () => {
  it('reads passengers cards at the school bus stops: one card a record, standing, each once per stop', () => {
    const [bus] = DEMO_SCHOOL_BUS_INDEXES;
    const states = simulate(bus, MIDNIGHT, 12, 1, true);
    const reads = states.filter((s) => s.passengerCard);
    const own = Array.from({ length: 8 }, (_, i) => demoPassengerCard(i));
    expect(reads.length).toBeGreaterThan(10);
    expect(new Set(reads.map((s) => s.passengerCard))).toEqual(new Set(own));
    for (const s of reads) {
      expect(s.phase).toBe('idle');
      expect(s.speedKmh).toBe(0);
      expect(s.driver).toBe(demoDriverKey(bus));
      expect(sampleOf(s).passengerCard).toBe(s.passengerCard);
    }
    // a stop's boarding: consecutive records with different cards, then the driver's card again
    for (let i = 1; i < states.length; i++) {
      const [a, b] = [states[i - 1], states[i]];
      if (a.passengerCard && b.passengerCard) expect(b.passengerCard).not.toBe(a.passengerCard);
      if (b.phase !== 'idle') expect(b.passengerCard).toBeNull();
    }
    // no other vehicle reads passengers' cards
    expect(simulate(2, MIDNIGHT, 12, 1, true).some((s) => s.passengerCard)).toBe(false);
  });

  it('switches the crane work input on while it lifts at a stop, power above 13 V only at work', () => {
    const states = simulate(DEMO_CRANE_INDEX, MIDNIGHT, 12, 1, true);
    const samples = states.map(sampleOf);
    expect(samples.every((s) => s.workInput?.port === DEMO_CRANE_PTO_PORT)).toBe(true);
    const lifting = samples.filter((s) => s.workInput?.on);
    expect(lifting.length * MOVING_PERIOD_MS).toBeGreaterThan(HOUR);
    expect(lifting.every((s) => s.ignition && s.speedKmh === 0 && s.powerMv >= 13_300)).toBe(true);
    let cycles = 0;
    for (let i = 1; i < samples.length; i++)
      if (samples[i].workInput?.on && !samples[i - 1].workInput?.on) cycles++;
    expect(cycles).toBeGreaterThanOrEqual(5);
    // idle without work: connected, power under engine_voltage
    const connected = samples.filter((s) => s.idling && !s.workInput?.on);
    expect(connected.length).toBeGreaterThan(0);
    expect(connected.every((s) => s.powerMv < 13_000)).toBe(true);
    // other machines have no work input
    expect(simulate(20, MIDNIGHT, 1, 1, true).map(sampleOf)[0].workInput).toBeNull();
  });

  it('reports engine rpm on the canbus vehicles, over 3000 while speeding', () => {
    const samples = simulate(5, MIDNIGHT, 24, 1, true).map(sampleOf);
    expect(samples.every((s) => typeof s.rpm === 'number')).toBe(true);
    expect(samples.filter((s) => !s.ignition).every((s) => s.rpm === 0)).toBe(true);
    expect(samples.filter((s) => s.speedKmh > 95).every((s) => s.rpm! > 3000)).toBe(true);
    expect(samples.some((s) => s.speedKmh > 95)).toBe(true);
    expect(simulate(1, MIDNIGHT, 1, 1, true).map(sampleOf)[0].rpm).toBeNull();
  });
});

describe('a demo vehicle in the workshop', () => {
  it('drives until it went in, then stays parked with the ignition off', () => {
    const start = Date.UTC(2026, 10, 20, 12);
    const profile = createProfile(DEMO_WORKSHOP_INDEXES[0], 'workshop', start);
    const wentIn = start - DEMO_WORKSHOP_DAYS * 24 * 3_600_000;
    expect(profile.workshopFrom).toBe(wentIn);
    const samples: Sample[] = [];
    runHistory(profile, createRandom(7), wentIn - 4 * 24 * 3_600_000, start + 24 * 3_600_000, (s) =>
      samples.push(s),
    );
    // it worked before
    expect(samples.some((s) => s.time < wentIn && s.speedKmh > 0)).toBe(true);
    // once its last trip is over (a few hours at most), it never moves or starts again
    const after = samples.filter((s) => s.time > wentIn + 6 * 3_600_000);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((s) => s.speedKmh === 0 && !s.ignition)).toBe(true);
    expect(nextShiftStart(profile, start)).toBe(Infinity);
    expect(inShift(profile, start)).toBe(false);
  });

  it('is only the demo’s: a plain simulator vehicle of the same index keeps its shifts', () => {
    const plain = createProfile(DEMO_WORKSHOP_INDEXES[0], 'plain');
    expect(plain.workshopFrom).toBeUndefined();
    expect(inDemoWorkshop(DEMO_WORKSHOP_INDEXES[0] + 1)).toBe(false);
  });
});
