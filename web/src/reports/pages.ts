/** Report screens by route path (the routes are in area.ts); this module is the lazy reports chunk. */
import type { PageTable } from '../session/areas';
import { reportScreen } from './ReportPage';
import { CUSTOM_REPORTS, STANDARD_REPORTS } from './reportDefs';
import { ScheduleEditPage } from './ScheduleEditPage';
import { SchedulesPage } from './SchedulesPage';

export const REPORT_PAGES: PageTable = {
  ...Object.fromEntries(
    [...STANDARD_REPORTS, ...CUSTOM_REPORTS].map((name) => [`/report/${name}`, reportScreen(name)]),
  ),
  '/report/schedules': SchedulesPage,
  '/report/schedule/:id?': ScheduleEditPage,
};
