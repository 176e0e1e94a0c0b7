/** The shapes of a report screen's definition: its period kind, formats, option fields and the definition. */
import type { DeviceFilter } from '../common/selection';

/** `year`: a given year (or custom dates), the cost reports' selector. */
export type PeriodKind = 'range' | 'day' | 'month' | 'year';
/** The cost type checkboxes of document 2 §2.2, in the spec's order. */
export const COST_TYPES = [
  'maintenance',
  'refill',
  'insurance',
  'license',
  'tax',
  'cleaning',
  'other',
] as const;
export const FORMATS = ['json', 'pdf', 'excel', 'csv', 'xml'] as const;
export type ReportFormat = (typeof FORMATS)[number];
export const EXPORT_FORMATS: ReportFormat[] = ['pdf', 'excel', 'csv', 'xml'];

export type FieldKey = 'text1' | 'text2' | 'check1' | 'check2' | 'select1' | 'select2';
export type FieldValues = Partial<Record<FieldKey, string | number | boolean>>;

/** One of the extra configurable fields: two texts, two checkboxes and two selects. */
export interface FieldDef {
  key: FieldKey;
  /** i18n key of the label. */
  label: string;
  /** Select choices: value and i18n key. */
  options?: Array<{ value: number; label: string }>;
  default: string | number | boolean;
  /** Text fields holding a number (tolerances, minutes). */
  numeric?: boolean;
  /** Shown only when this answers true for the current values. */
  when?: (values: FieldValues) => boolean;
}

export interface ReportDef {
  name: string;
  /** `/report/report_{endpoint}.php`. */
  endpoint: string;
  period: PeriodKind;
  /** Offers the vehicle/driver switch. */
  drivers?: boolean;
  deviceFilter?: DeviceFilter;
  /** Option fields in the order the form shows them. */
  fields?: FieldDef[];
  /** Zone filter: any zone, or only zones with a speed limit. */
  zones?: 'all' | 'speedLimit';
  /** Event type checkboxes. */
  events?: boolean;
  /** Cost type checkboxes (the management cost reports). */
  costTypes?: boolean;
  /** Working-hours panel: always, or when the form values ask for custom hours. */
  workingHours?: (values: FieldValues) => boolean;
  formats?: ReportFormat[];
  /** Row colours by the last column (performance: 80 green, 50 yellow, below red). */
  rowColours?: 'performance';
  /** Group hours: groups instead of vehicles, with their expected monthly hours. */
  groupHours?: boolean;
  /** The group reports: a picker of groups beside the vehicles' (a group alone may run the report). */
  groupPicker?: boolean;
  /** Days allowed with more than one vehicle. */
  maxDays?: number;
  /** The day limit holds for one vehicle too (the cost reports: 3650 days). */
  maxDaysAlways?: boolean;
  /** Colours the pie and bars by cost type (the management reports). */
  costColours?: boolean;
  /** The zone picker is always on and at least one zone is needed (a waste-collection round's zones). */
  zonesRequired?: boolean;
  /** Offers the passenger picker (the passenger reports: none chosen means every passenger). */
  passengers?: boolean;
  /** `ReportVersion` of `report_passenger_pickup.php`: 1 by vehicle, 3 by passenger (document 2 §2.4). */
  reportVersion?: 1 | 3;
}
