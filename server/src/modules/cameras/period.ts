/** The media list's period: whole days in the user's timezone, both ends included. */
import { badRequest } from '../../errors';
import type { Zone } from '../../reports/engine/timezone';

function day(text: string): { y: number; m: number; d: number; utc: number } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const utc = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || !Number.isFinite(utc) || new Date(utc).getUTCDate() !== Number(m[3]))
    throw badRequest(`Invalid date ${text}: expected YYYY-MM-DD`);
  return { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]), utc };
}

/** [from, to) in epoch ms. */
export function mediaPeriod(fromText: string, toText: string, zone: Zone): { from: number; to: number } {
  const a = day(fromText);
  const b = day(toText);
  if (b.utc < a.utc) throw badRequest('The period ends before it begins');
  return { from: zone.toUtc(a.y, a.m, a.d), to: zone.nextDay(zone.toUtc(b.y, b.m, b.d)) };
}
