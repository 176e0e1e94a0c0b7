/** The alert central's period: whole days in the user's timezone, both ends included, at most 31 days. */
import { badRequest } from '../../errors';
import type { Zone } from '../../reports/engine/timezone';

export const MAX_PERIOD_DAYS = 31;
export const PERIOD_TOO_LONG = `Por favor seleccione um período máximo de ${MAX_PERIOD_DAYS} dias`;

const DAY_MS = 86_400_000;

function day(text: string): { y: number; m: number; d: number; utc: number } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const utc = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  const check = new Date(utc);
  if (!m || !Number.isFinite(utc) || check.getUTCDate() !== Number(m[3]))
    throw badRequest(`Invalid date ${text}: expected YYYY-MM-DD`);
  return { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]), utc };
}

/** [from, to) in epoch ms: from the first day's start to the start of the day after the last. */
export function eventPeriod(fromText: string, toText: string, zone: Zone): { from: number; to: number } {
  const a = day(fromText);
  const b = day(toText);
  if (b.utc < a.utc) throw badRequest('The period ends before it begins');
  if ((b.utc - a.utc) / DAY_MS + 1 > MAX_PERIOD_DAYS) throw badRequest(PERIOD_TOO_LONG);
  const from = zone.toUtc(a.y, a.m, a.d);
  return { from, to: zone.nextDay(zone.toUtc(b.y, b.m, b.d)) };
}
