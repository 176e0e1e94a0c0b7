/** The media list's period: whole days in the user's timezone, both ends included. */
import type { Zone } from '../../track/timezone';
import { wholeDays } from '../../track/wholeDays';

/** [from, to) in epoch ms. */
export function mediaPeriod(fromText: string, toText: string, zone: Zone): { from: number; to: number } {
  const { from, to } = wholeDays(fromText, toText, zone);
  return { from, to };
}
