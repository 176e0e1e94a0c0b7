/**
 * Wall-clock times in an IANA time zone to instants, with the runtime's own zone data (Intl): a calendar's
 * `DTSTART;TZID=Africa/Luanda:…` rarely carries its VTIMEZONE (Traccar's web client writes none).
 */

export interface WallClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

import { isKnownZone, zoneOffset } from '@frota/core';

const DAY = 86_400_000;
/** Whether the runtime knows this IANA zone name. */
export { isKnownZone };

/** The zone's offset from UTC at an instant, in milliseconds (the zone is a known one). */
const offsetAt = (zone: string, instant: number): number => zoneOffset(zone, instant)!;

/**
 * The instant of a wall-clock time in `zone` (UTC for an unknown zone). A time skipped by a daylight-saving
 * change moves forward by the gap; a repeated one takes its first (earlier) instant.
 */
export function wallClockToInstant(wall: WallClock, zone: string): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  if (!isKnownZone(zone)) return asUtc;
  // offsets a day either side: at most one change of the clocks lies between them
  const before = offsetAt(zone, asUtc - DAY);
  const after = offsetAt(zone, asUtc + DAY);
  const early = asUtc - before;
  const late = asUtc - after;
  const fits = (instant: number, offset: number) => offsetAt(zone, instant) === offset;
  if (fits(early, before) && fits(late, after)) return Math.min(early, late);
  if (fits(early, before)) return early;
  if (fits(late, after)) return late;
  return early;
}
