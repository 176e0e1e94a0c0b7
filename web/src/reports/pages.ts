/** Report screens by route path (see session/routes.ts for the paths); this module is the lazy reports chunk. */
import type { ComponentType } from 'react';
import { reportScreen } from './ReportPage';
import { CUSTOM_REPORTS, STANDARD_REPORTS } from './reportDefs';
import { ScheduleEditPage } from './ScheduleEditPage';
import { SchedulesPage } from './SchedulesPage';

export const REPORT_PAGES: Record<string, ComponentType> = {
  ...Object.fromEntries(
    [...STANDARD_REPORTS, ...CUSTOM_REPORTS].map((name) => [`/report/${name}`, reportScreen(name)]),
  ),
  '/report/schedules': SchedulesPage,
  '/report/schedule/:id?': ScheduleEditPage,
};
