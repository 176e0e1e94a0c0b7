/** The alert central's period: whole days in the user's timezone, both ends included, at most 31 days. */
import { badRequest } from '../../errors';
import type { Zone } from '../../track/timezone';
import { wholeDays } from '../../track/wholeDays';

export const MAX_PERIOD_DAYS = 31;
export const PERIOD_TOO_LONG = `Por favor seleccione um período máximo de ${MAX_PERIOD_DAYS} dias`;

/** [from, to) in epoch ms: from the first day's start to the start of the day after the last. */
export function eventPeriod(fromText: string, toText: string, zone: Zone): { from: number; to: number } {
  const { from, to, after } = wholeDays(fromText, toText, zone);
  if (after + 1 > MAX_PERIOD_DAYS) throw badRequest(PERIOD_TOO_LONG);
  return { from, to };
}
