/** The refill centre's period: whole days in the user's timezone, both ends included, at most 365 days. */
import { MAX_REFILL_PERIOD_DAYS, REFILL_PERIOD_TOO_LONG } from '@frota/core';
import { badRequest } from '../../errors';
import type { Zone } from '../../track/timezone';
import { wholeDays } from '../../track/wholeDays';

/**
 * [from, to) in epoch ms. Both days count, as the web's pickers count them (web/src/refills/refillPeriod.ts)
 * and as the alert centre counts its 31 days: 1 January to 31 December is 365 days in a common year and
 * is accepted, 366 in a leap year and is refused (2 January to 31 December is that year's longest period).
 */
export function refillPeriod(fromText: string, toText: string, zone: Zone): { from: number; to: number } {
  const { from, to, after } = wholeDays(fromText, toText, zone);
  if (after + 1 > MAX_REFILL_PERIOD_DAYS) throw badRequest(REFILL_PERIOD_TOO_LONG);
  return { from, to };
}
