/** The working-hours panel (document 2 §2.2, §3 working week, §5 HH:MM validation). */

export const WEEK_PARTS = ['weekdays', 'saturday', 'sunday'] as const;
export type WeekPart = (typeof WEEK_PARTS)[number];

export interface WeekDay {
  on: boolean;
  start: string;
  end: string;
}

export type WorkingWeek = Record<WeekPart, WeekDay>;

/** Defaults: weekdays 09:00-18:00 on, saturday 09:00-13:00 on, sunday 09:00-13:00 off. */
export const defaultWorkingWeek = (): WorkingWeek => ({
  weekdays: { on: true, start: '09:00', end: '18:00' },
  saturday: { on: true, start: '09:00', end: '13:00' },
  sunday: { on: false, start: '09:00', end: '13:00' },
});

/** `HH:MM`, 24 h, 00:00 to 23:59. */
export const isWorkingTime = (text: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(text);

/** The first time that is not HH:MM, or null when the whole week is valid. */
export function invalidWorkingTime(week: WorkingWeek): string | null {
  for (const part of WEEK_PARTS) {
    for (const time of [week[part].start, week[part].end]) if (!isWorkingTime(time)) return time;
  }
  return null;
}

/** The `week` object of the report call, with the field names of the working week (document 2 §3). */
export interface WeekBody {
  weekdays: number;
  weekdays_start: string;
  weekdays_end: string;
  saturday: number;
  saturday_start: string;
  saturday_end: string;
  sunday: number;
  sunday_start: string;
  sunday_end: string;
}

export function weekBody(week: WorkingWeek): WeekBody {
  return {
    weekdays: week.weekdays.on ? 1 : 0,
    weekdays_start: week.weekdays.start,
    weekdays_end: week.weekdays.end,
    saturday: week.saturday.on ? 1 : 0,
    saturday_start: week.saturday.start,
    saturday_end: week.saturday.end,
    sunday: week.sunday.on ? 1 : 0,
    sunday_start: week.sunday.start,
    sunday_end: week.sunday.end,
  };
}

/** A scheduled report's `{part}_value`, `{part}_start`, `{part}_end` fields back into a week. */
export function weekFromFields(fields: Record<string, unknown>): WorkingWeek {
  const defaults = defaultWorkingWeek();
  const read = (part: WeekPart): WeekDay => {
    const on = fields[`${part}_value`];
    const start = fields[`${part}_start`];
    const end = fields[`${part}_end`];
    return {
      on: on === undefined || on === null ? defaults[part].on : Number(on) === 1 || on === true,
      start: typeof start === 'string' && start ? start.slice(0, 5) : defaults[part].start,
      end: typeof end === 'string' && end ? end.slice(0, 5) : defaults[part].end,
    };
  };
  return { weekdays: read('weekdays'), saturday: read('saturday'), sunday: read('sunday') };
}

/** The week as a scheduled report's fields. */
export function weekFields(week: WorkingWeek): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const part of WEEK_PARTS) {
    out[`${part}_value`] = week[part].on ? 1 : 0;
    out[`${part}_start`] = week[part].start;
    out[`${part}_end`] = week[part].end;
  }
  return out;
}
