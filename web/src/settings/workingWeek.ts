/** The working week (attributes.week) of vehicles and drivers, document 1 §3 and §5. */

export const WEEK_DAYS = ['weekdays', 'saturday', 'sunday'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

export type WorkingWeek = Record<WeekDay, boolean> & Record<`${WeekDay}_${'start' | 'end'}`, string>;

export const DEFAULT_WEEK: WorkingWeek = {
  weekdays: true,
  weekdays_start: '09:00',
  weekdays_end: '18:00',
  saturday: true,
  saturday_start: '09:00',
  saturday_end: '13:00',
  sunday: false,
  sunday_start: '09:00',
  sunday_end: '13:00',
};

/** HH:MM, 24 h, 00:00 to 23:59 (the server applies the same rule). */
export const WORK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The stored week over the defaults. */
export function weekOf(value: unknown): WorkingWeek {
  return value && typeof value === 'object'
    ? { ...DEFAULT_WEEK, ...(value as Partial<WorkingWeek>) }
    : { ...DEFAULT_WEEK };
}

/** The first time that is not HH:MM (blank times of days off are allowed), or null. */
export function invalidWorkTime(week: unknown): string | null {
  if (!week || typeof week !== 'object') return null;
  const w = week as Record<string, unknown>;
  for (const day of WEEK_DAYS) {
    for (const edge of ['start', 'end']) {
      const value = w[`${day}_${edge}`];
      if (value === null || value === undefined) continue;
      const text = String(value).trim();
      if (text === '' && !w[day]) continue;
      if (!WORK_TIME.test(text)) return text;
    }
  }
  return null;
}
