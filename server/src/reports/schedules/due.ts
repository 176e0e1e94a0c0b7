/**
 * When a schedule is due and which period it reports (document 2 §2.5): daily every day for the day
 * before; weekly on its weekday for the 7 days before; monthly on its day (the month's last day when the
 * month is shorter) for the month before. A run goes out from SEND_HOUR local time, once per slot, and a
 * new schedule starts with the first slot after its creation.
 */
import type { Zone } from '../../track/timezone';

export const SEND_HOUR = 1;

export interface DueRun {
  /** the slot: the local day the report is sent */
  slot: number;
  from: number;
  /** exclusive */
  to: number;
}

export interface DueInput {
  periodicity: string;
  day: number;
  createdAt: number;
  lastRun: number | null;
}

/** Start of the local day `days` after the day of `ms`. */
function shiftDays(zone: Zone, ms: number, days: number): number {
  const p = zone.parts(ms);
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  return zone.toUtc(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

function monthDay(zone: Zone, year: number, month: number, day: number): number {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return zone.toUtc(year, month, Math.min(day, last));
}

/** The latest slot day (start of local day) at or before `now`, ignoring the send hour. */
function latestSlotDay(zone: Zone, periodicity: string, day: number, now: number): number {
  const today = zone.startOfDay(now);
  if (periodicity === 'W') {
    const back = (zone.parts(now).weekday - day + 7) % 7;
    return shiftDays(zone, today, -back);
  }
  if (periodicity === 'M') {
    const p = zone.parts(now);
    const thisMonth = monthDay(zone, p.year, p.month, day);
    if (thisMonth <= today) return thisMonth;
    return p.month === 1 ? monthDay(zone, p.year - 1, 12, day) : monthDay(zone, p.year, p.month - 1, day);
  }
  return today;
}

function previousSlotDay(zone: Zone, periodicity: string, day: number, slotDay: number): number {
  return latestSlotDay(zone, periodicity, day, shiftDays(zone, slotDay, -1));
}

function periodOf(
  zone: Zone,
  periodicity: string,
  day: number,
  slotDay: number,
): { from: number; to: number } {
  if (periodicity === 'W') return { from: shiftDays(zone, slotDay, -7), to: slotDay };
  if (periodicity === 'M') {
    const p = zone.parts(slotDay);
    const from =
      p.month === 1 ? monthDay(zone, p.year - 1, 12, day) : monthDay(zone, p.year, p.month - 1, day);
    return { from, to: slotDay };
  }
  return { from: shiftDays(zone, slotDay, -1), to: slotDay };
}

export function dueRun(zone: Zone, s: DueInput, now: number): DueRun | undefined {
  let slotDay = latestSlotDay(zone, s.periodicity, s.day, now);
  const sendAt = (d: number) => d + SEND_HOUR * 3_600_000;
  if (sendAt(slotDay) > now) slotDay = previousSlotDay(zone, s.periodicity, s.day, slotDay);
  const slot = sendAt(slotDay);
  if (slot <= s.createdAt) return undefined;
  if (s.lastRun !== null && s.lastRun >= slot) return undefined;
  return { slot, ...periodOf(zone, s.periodicity, s.day, slotDay) };
}
