/** Report screens by route path (see app/routes.ts for the paths). */
import type { ComponentType } from 'react';
import { reportScreen } from './ReportPage';
import { STANDARD_REPORTS } from './reportDefs';
import { ScheduleEditPage } from './ScheduleEditPage';
import { SchedulesPage } from './SchedulesPage';

export const REPORT_PAGES: Record<string, ComponentType> = {
  ...Object.fromEntries(STANDARD_REPORTS.map((name) => [`/report/${name}`, reportScreen(name)])),
  '/report/schedules': SchedulesPage,
  '/report/schedule/:id?': ScheduleEditPage,
};
