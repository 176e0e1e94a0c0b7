/**
 * A period's fuel per day (monthly litres: FuelDays over the period) from the fuel hours the segments job
 * keeps (fuelHours.ts), reading positions only until the period's own analyzer has caught up.
 *
 * Why this is exact: FuelDays starts a fresh analyzer at the period's start, the job's has run for the
 * vehicle's whole history. Both read the same readings from the period's start on, so once both are in
 * the same state they find the same refills, drops and levels from there on. The head runs the period's
 * analyzer hour by hour and, at the end of each hour, compares its state key with the one the job stored
 * for that hour (FuelAnalyzer.stateKey): a match at hour C hands over to the stored hours after C (their
 * levels, and the refills and drops found while reading them). The end of the period either was read by
 * the job (the period ends on an hour: add what ending there adds, stored with its last hour), or was not
 * (the job's analyzer is restored and reads the positions it has not read yet, then ends there). Motion
 * (what the analyzer reads of a sample) depends on the sample before only on a position without a fix; the
 * head hands over only once one that does not has come, so both runs give every later sample the same
 * motion. Without a match the head reads the whole period: the engine's own answer.
 * Used for periods starting on an hour whose hours hold every position the table holds; else the caller
 * runs the engine.
 */
import type { Db } from '../../db/database';
import { FuelAnalyzer } from '../fuel';
import { fuelChange, fuelDayList, FuelDays, type FuelChange, type FuelDay } from '../fuelDays';
import { FUEL_KEYS, fuelLevelOf } from '../fuelSource';
import { positionBefore, positionChunks } from '../positionStream';
import { motionKeys } from '../run';
import { toSample, type DeviceProfile, type Sample } from '../sample';
import type { Zone } from '../timezone';
import { after } from './codec';
import { hourOf, HOUR_MS, type HourFigures } from './hourBook';
import type { Period } from './period';
import { hoursProgress, mergeHours } from './periodDays';
import { countBetween, sameCounts, type Point } from './counts';
import { storedHours, type Progress } from './store';

export interface PeriodFuel {
  days: FuelDay[];
  /** positions the head and tail read */
  positions: number;
  /** the last hour the head read (undefined: it read the whole period) */
  handedOver?: number;
}

/** A sample's motion depends on the sample before it (reports/engine/sample.ts toSample). */
const leansOnPrevious = (s: Sample, profile: DeviceProfile): boolean =>
  s.ignition && !s.valid && !profile.machine;

/** The positions of the job's last read hour that it read: as many as are in the table up to it. */
const readAll = async (db: Db, deviceId: number, hour: HourFigures | undefined, last: Point) =>
  (await countBetween(db, deviceId, { start: hourOf(last.time) }, last)) === (hour?.positions ?? 0);

/** Adds a stored hour's levels to the days, as FuelDays adds a reading's. */
function addHour(days: Map<string, FuelDay>, zone: Zone, h: HourFigures): void {
  const f = h.fuel;
  if (f?.start === undefined || f.end === undefined) return;
  const key = zone.dayKey(h.hour);
  const day = days.get(key);
  if (day) day.end = f.end;
  else days.set(key, { key, start: f.start, end: f.end, refilled: 0, dropped: 0 });
}

/** The period's fuel days, or undefined when the stored hours cannot give them. */
export async function storedFuelDays(
  db: Db,
  deviceId: number,
  profile: DeviceProfile,
  zone: Zone,
  period: Period,
): Promise<PeriodFuel | undefined> {
  const { from, to } = period;
  if (!profile.fuel) return undefined;
  const progress = await hoursProgress(db, deviceId, profile, zone, from);
  if (!progress || !jobFuel(progress)) return undefined;
  const last = progress.state?.last ?? progress.resume;
  // the job read past the period's end (which must then be an hour's), or the tail goes on from its state
  const past = to < last.time;
  if (past && (to + 1) % HOUR_MS !== 0) return undefined;
  const end = past ? to + 1 : hourOf(last.time);
  const hours = mergeHours(
    await storedHours(db, deviceId, from, past ? end : end + HOUR_MS),
    (progress.state?.hours.hours ?? []).filter((h) => h.hour >= from),
  );
  const complete = hours.filter((h) => h.hour < end);
  if (!(await sameCounts(db, deviceId, from, end, complete))) return undefined;
  if (
    !past &&
    !(await readAll(
      db,
      deviceId,
      hours.find((h) => h.hour === end),
      last,
    ))
  )
    return undefined;
  const byHour = new Map(hours.map((h) => [h.hour, h]));

  // the head: the period's own analyzer, until its state is the job's at the end of an hour
  const levelOf = fuelLevelOf(profile.fuel);
  const spec = { keys: motionKeys(profile, FUEL_KEYS) };
  const head = new FuelDays(zone, (s: Sample) => levelOf(s.attrs));
  const before = await positionBefore(db, deviceId, from, spec);
  let prev = before && toSample(before, profile);
  let synced = !prev || !leansOnPrevious(prev, profile);
  let lastHour: number | undefined;
  let handedOver: number | undefined;
  let positions = 0;
  read: for await (const chunk of positionChunks(db, deviceId, from, to, spec)) {
    for (const raw of chunk) {
      const s = toSample(raw, profile, prev);
      prev = s;
      synced ||= !leansOnPrevious(s, profile);
      if (levelOf(s.attrs) !== undefined) {
        const hour = hourOf(s.time);
        if (synced && lastHour !== undefined && hour > lastHour) {
          const key = byHour.get(lastHour)?.fuel?.key;
          if (key !== undefined && key === head.analyzer.stateKey(hour)) {
            handedOver = lastHour;
            break read;
          }
        }
        lastHour = hour;
      }
      positions++;
      head.push(s);
    }
  }
  if (handedOver === undefined) {
    head.finish();
    return { days: head.list(), positions };
  }

  const days = new Map([...head.days].map(([k, d]) => [k, { ...d }]));
  const changes: FuelChange[] = head.analyzer.events.map(fuelChange);
  let lastRead: HourFigures | undefined = byHour.get(handedOver);
  for (const h of hours) {
    if (h.hour <= handedOver || h.hour >= end + (past ? 0 : HOUR_MS)) continue;
    addHour(days, zone, h);
    changes.push(...(h.fuel?.changes ?? []));
    if (h.fuel?.start !== undefined) lastRead = h;
  }
  if (past) {
    // ending the period after its last reading (a stop still open is judged then)
    if (!lastRead?.fuel?.final) return undefined;
    changes.push(...lastRead.fuel.final);
  } else positions += await tail(db, deviceId, profile, zone, progress, to, days, changes);
  return { days: fuelDayList(zone, days.values(), changes), positions, handedOver };
}

/** The job's fuel state after the last position it read. */
const jobFuel = (p: Progress) => (p.state ? p.state.hours.fuel : p.resumeFuel);

/** The job's analyzer, restored where it stopped reading, over the positions after that to the end. */
async function tail(
  db: Db,
  deviceId: number,
  profile: DeviceProfile,
  zone: Zone,
  progress: Progress,
  to: number,
  days: Map<string, FuelDay>,
  changes: FuelChange[],
): Promise<number> {
  const state = jobFuel(progress)!;
  const last = progress.state?.last ?? progress.resume!;
  let prev: Sample | undefined = progress.state ? progress.state.hours.prev : progress.resume;
  const levelOf = fuelLevelOf(profile.fuel!);
  const rest = new FuelDays(zone, (s) => levelOf(s.attrs), undefined, FuelAnalyzer.restore(state.analyzer));
  let positions = 0;
  const spec = { keys: motionKeys(profile, FUEL_KEYS) };
  for await (const chunk of positionChunks(db, deviceId, last.time, to, spec)) {
    for (const raw of chunk) {
      if (!after({ time: raw.fixTime, id: raw.id }, last.time, last.id)) continue;
      const s = toSample(raw, profile, prev);
      prev = s;
      positions++;
      rest.push(s);
    }
  }
  rest.finish();
  for (const d of rest.days.values()) {
    const day = days.get(d.key);
    if (day) day.end = d.end;
    else days.set(d.key, { ...d });
  }
  changes.push(...rest.analyzer.events.map(fuelChange));
  return positions;
}
