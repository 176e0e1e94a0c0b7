/** The refill centre's period: whole days in the user's timezone, both ends included, at most 365 days. */
import { MAX_REFILL_PERIOD_DAYS, REFILL_PERIOD_TOO_LONG } from '@frota/core';
import { badRequest } from '../../errors';
import type { Zone } from '../../track/timezone';
import { wholeDays } from '../../track/wholeDays';

/**
 * [from, to) in epoch ms. As the client's rule, the days between the two dates count: the last day may be
 * at most 365 days after the first (a whole year from 1 January to 31 December, leap years included).
 */
export function refillPeriod(fromText: string, toText: string, zone: Zone): { from: number; to: number } {
  const { from, to, after } = wholeDays(fromText, toText, zone);
  if (after > MAX_REFILL_PERIOD_DAYS) throw badRequest(REFILL_PERIOD_TOO_LONG);
  return { from, to };
}
