/** The refill centre's period: whole days in the user's timezone, both ends included, at most 365 days. */
import { MAX_REFILL_PERIOD_DAYS, REFILL_PERIOD_TOO_LONG } from '@frota/core';
import { badRequest } from '../../errors';
import type { Zone } from '../../reports/engine/timezone';

const DAY_MS = 86_400_000;

function day(text: string): { y: number; m: number; d: number; utc: number } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const utc = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || !Number.isFinite(utc) || new Date(utc).getUTCDate() !== Number(m[3]))
    throw badRequest(`Invalid date ${text}: expected YYYY-MM-DD`);
  return { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]), utc };
}

/**
 * [from, to) in epoch ms. As the client's rule, the days between the two dates count: the last day may be
 * at most 365 days after the first (a whole year from 1 January to 31 December, leap years included).
 */
export function refillPeriod(fromText: string, toText: string, zone: Zone): { from: number; to: number } {
  const a = day(fromText);
  const b = day(toText);
  if (b.utc < a.utc) throw badRequest('The period ends before it begins');
  if ((b.utc - a.utc) / DAY_MS > MAX_REFILL_PERIOD_DAYS) throw badRequest(REFILL_PERIOD_TOO_LONG);
  return { from: zone.toUtc(a.y, a.m, a.d), to: zone.nextDay(zone.toUtc(b.y, b.m, b.d)) };
}
