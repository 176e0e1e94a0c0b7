/** Option fields shared by several report screens (document 2 §2.4). */
import type { FieldDef, FieldKey, FieldValues } from './reportTypes';

/** A select field whose values are the positions of its choices. */
export const select = (
  key: FieldKey,
  label: string,
  values: string[],
  extra?: Partial<FieldDef>,
): FieldDef => ({
  key,
  label,
  options: values.map((option, value) => ({ value, label: option })),
  default: 0,
  ...extra,
});

export const tripFilter = select('select1', 'reports.tripFilter', [
  'reports.allTrips',
  'reports.workTrips',
  'reports.personalTrips',
]);

/** Custom working hours (0) or the vehicle's own (1); trips ask only when the trip filter is on. */
export const hoursSource = select(
  'select2',
  'reports.hoursSource',
  ['reports.customHours', 'reports.vehicleHours'],
  {
    when: (v) => Number(v.select1 ?? 0) > 0,
  },
);

/** The activity family's hours source: always asked. */
export const activityHoursSource: FieldDef = { ...hoursSource, when: undefined };

export const tripsWorkingHours = (v: FieldValues) =>
  Number(v.select1 ?? 0) > 0 && Number(v.select2 ?? 0) === 0;
export const customHours = (v: FieldValues) => Number(v.select2 ?? 0) === 0;
