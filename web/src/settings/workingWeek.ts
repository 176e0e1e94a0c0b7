/** The working week form's defaults (document 1 §3); the HH:MM rule is core's `invalidWorkTime`. */
import { DEFAULT_WORKING_WEEK, type WorkingWeek } from '@frota/core';

export const DEFAULT_WEEK: Readonly<WorkingWeek> = DEFAULT_WORKING_WEEK;

/** The stored week over the defaults. */
export function weekOf(value: unknown): WorkingWeek {
  return value && typeof value === 'object'
    ? { ...DEFAULT_WEEK, ...(value as Partial<WorkingWeek>) }
    : { ...DEFAULT_WEEK };
}
