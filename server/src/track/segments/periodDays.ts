/**
 * A period's day figures (the km, hours, monthly and summary reports) from the stored hours: the hours up
 * to the last position the segments job has read (stored, and carried past the last stored stop), and the
 * day book over the positions after that hour.
 *
 * Why this is exact: each step between two positions is shared out over the hours (hourBook.ts) as the day
 * book shares it over days, so the hours of a local day add up to its figures, provided every step that
 * touches those hours is one the day book sees too. Hours before the hour of the last position L at or
 * before both the period's end and the last position the job read are such hours: a step touching them ends at L at the
 * latest. From that hour on (T), the day book runs as usual, seeded with the position before T, so it cuts
 * the step across T as the hours do. A later position never makes a ignition-off the last ignition when the
 * one on before it lies before the period (`ignitionFrom`).
 * Used for periods that start on an hour (local days in whole-hour timezones), and only while every hour
 * still holds as many positions as the table's hourly tallies count (a late or deleted position the job has
 * not read yet); else the caller runs the engine over the whole period.
 */
import type { Db } from '../../db/database';
import { COMPACT_BUCKET_MS } from '../compactStream';
import { addLater, DayBook, type DayFigures } from '../dayBook';
import { positionBefore } from '../positionStream';
import { motionKeys, runVehicle } from '../run';
import { toSample, type DeviceProfile, type Sample } from '../sample';
import type { Zone } from '../timezone';
import { MAX_GAP_MS } from '../tracker';
import { placeholders, queryArrays } from '../arrayQuery';
import { Span } from '../span';
import { hourOf, HOUR_MS, mergeHour, type HourFigures } from './hourBook';
import { profileKey, readProgress, storedHours, type Progress } from './store';
import { sameCounts } from './counts';
import type { Period } from './period';

export interface PeriodDays {
  days: Map<string, DayFigures>;
  span: Span;
  /** hours read from the store */
  hours: number;
}

/** The tail's own span: the period's span is seeded before the period, not before the tail. */
class TailSpan extends Span {
  override seed(): void {}
}

async function lastFixAtOrBefore(db: Db, deviceId: number, t: number): Promise<number | undefined> {
  const [row] = await queryArrays(
    db,
    placeholders(
      db,
      'SELECT fix_time FROM positions WHERE device_id = ? AND fix_time <= ? ORDER BY fix_time DESC LIMIT 1',
    ),
    [deviceId, t],
  );
  return row ? Number(row[0]) : undefined;
}

function addHour(days: Map<string, DayFigures>, zone: Zone, h: HourFigures, from: number): void {
  const key = zone.dayKey(h.hour);
  let d = days.get(key);
  if (!d) {
    d = {
      key,
      start: zone.startOfDay(h.hour),
      end: zone.nextDay(h.hour),
      distance: 0,
      workDistance: 0,
      drivingMs: 0,
      idleMs: 0,
      offMs: 0,
      maxSpeed: 0,
      work: [],
    };
    days.set(key, d);
  }
  const cross = h.cross && h.cross[1] >= from ? h.cross[0] : undefined;
  const last = Math.max(h.lastIgnition ?? -Infinity, cross ?? -Infinity);
  addLater(d, { ...h, lastIgnition: last > -Infinity ? last : undefined });
}

/** Stored hours with the later parts of the carried ones, in hour order. */
export function mergeHours(stored: HourFigures[], carried: HourFigures[]): HourFigures[] {
  const byHour = new Map(stored.map((h) => [h.hour, h]));
  for (const h of carried) {
    const before = byHour.get(h.hour);
    if (before) mergeHour(before, h);
    else byHour.set(h.hour, { ...h });
  }
  return [...byHour.values()].sort((a, b) => a.hour - b.hour);
}

/**
 * The vehicle's progress when its stored hours can serve a period starting at `from`: on an hour, in a
 * timezone whose days start on hours, and computed with the vehicle's present profile.
 */
export async function hoursProgress(
  db: Db,
  deviceId: number,
  profile: DeviceProfile,
  zone: Zone,
  from: number,
): Promise<(Progress & { resume: Sample }) | undefined> {
  if (from % HOUR_MS !== 0 || zone.startOfDay(from) % HOUR_MS !== 0) return undefined;
  const progress = (await readProgress(db, [deviceId])).get(deviceId);
  if (!progress?.resume || progress.profile !== profileKey(profile)) return undefined;
  return progress as Progress & { resume: Sample };
}

/** The period's day figures and span, or undefined when the stored hours cannot give them. */
export async function storedDays(
  db: Db,
  deviceId: number,
  profile: DeviceProfile,
  zone: Zone,
  period: Period,
): Promise<PeriodDays | undefined> {
  const { from, to } = period;
  const progress = await hoursProgress(db, deviceId, profile, zone, from);
  if (!progress) return undefined;
  // the hours the last pass read past the resume point are as complete as the stored ones
  const seen = progress.state?.last.time ?? progress.resume.time;
  const last = await lastFixAtOrBefore(db, deviceId, Math.min(seen, to));
  if (last === undefined) return undefined;
  const tail = hourOf(last);
  if (tail <= from) return undefined;

  const days = new Map<string, DayFigures>();
  const span = new Span();
  const spec = { keys: motionKeys(profile) };
  const before = await positionBefore(db, deviceId, from, spec);
  if (before) span.seed(toSample(before, profile));
  const hours = mergeHours(
    await storedHours(db, deviceId, from, tail),
    (progress.state?.hours.hours ?? []).filter((h) => h.hour >= from && h.hour < tail),
  );
  // every hour must hold the positions the table holds now (hourly tallies, migration 006): a position
  // stored late or deleted since the job read the hour sends the period to the engine
  if (!(await sameCounts(db, deviceId, from, tail, hours))) return undefined;
  for (const h of hours) {
    addHour(days, zone, h, from);
    span.addPart(h);
  }

  const book = new DayBook(zone, tail, MAX_GAP_MS, undefined, from);
  const rest = new TailSpan();
  await runVehicle(db, deviceId, profile, [book, rest], {
    from: tail,
    to,
    end: period.end,
    compact: { bucketMs: COMPACT_BUCKET_MS, zone },
  });
  for (const d of book.list()) {
    const stored = days.get(d.key);
    if (stored) addLater(stored, d);
    else days.set(d.key, d);
  }
  span.addPart(rest.asPart());
  const ordered = new Map([...days.values()].sort((a, b) => a.start - b.start).map((d) => [d.key, d]));
  return { days: ordered, span, hours: hours.length };
}
