/**
 * The working week (attributes.week) of vehicles and drivers, document 1 §3, and its HH:MM rule of §5.
 * The web form and the API both apply `invalidWorkTime`, so both refuse the same value with the same text.
 */

export const WEEK_DAYS = ['weekdays', 'saturday', 'sunday'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

export type WorkingWeek = Record<WeekDay, boolean> & Record<`${WeekDay}_${'start' | 'end'}`, string>;

/** Document 1 §3: weekdays on 09:00-18:00, saturday on 09:00-13:00, sunday off 09:00-13:00. */
export const DEFAULT_WORKING_WEEK: Readonly<WorkingWeek> = Object.freeze({
  weekdays: true,
  weekdays_start: '09:00',
  weekdays_end: '18:00',
  saturday: true,
  saturday_start: '09:00',
  saturday_end: '13:00',
  sunday: false,
  sunday_start: '09:00',
  sunday_end: '13:00',
});

/** HH:MM, 24 h, 00:00 to 23:59. */
export const WORK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Document 1 §5, verbatim; the value follows after a space. */
export const INVALID_WORK_TIME_MESSAGE = 'Hora de trabalho inválida:';

export const invalidWorkTimeMessage = (value: string): string => `${INVALID_WORK_TIME_MESSAGE} ${value}`;

/**
 * The first start or end time that is not HH:MM, trimmed, or null when all are valid. A blank time is
 * allowed only on a day that is off; anything that is not an object has no times to check.
 */
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
