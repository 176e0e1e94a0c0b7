/** What a report is: its name, permission, title, options, columns and builder (the registry lists them). */
import type { Column, ReportResult } from './model';
import type { ReportContext } from './context';
import type { PeriodLimit } from './request';

/** The extra configurable fields of document 2 §2.2 (two texts, two checks, two selects). */
export type OptionKey = 'text1' | 'text2' | 'check1' | 'check2' | 'select1' | 'select2';

export interface ReportDef {
  name: string;
  permission: string;
  title: string;
  /** may run by driver (itemsType D) */
  drivers: boolean;
  /** the option fields the report reads, in the order the form shows them (the server-given order) */
  options: OptionKey[];
  /** the columns, or a sentence when they depend on the period */
  columns: Column[] | string;
  /** the period limit when not the standard one (31 days with several vehicles) */
  limit?: PeriodLimit;
  /** reads the cost type checkboxes (`cost_types`) */
  costTypes?: boolean;
  /** the group reports: runs for chosen `groups` without vehicles */
  groups?: boolean;
  build(ctx: ReportContext): Promise<ReportResult[]>;
}
