/**
 * The report screens' routes, in menu order: the standard reports, the specific ones (customReports), the
 * passenger and the management reports, each in its menu section. Plain data, light enough for the shell's
 * chunk (the report definitions themselves load with the reports' chunk).
 */
import { isDeviceGatedReport } from '@frota/core';
import { appRoute, type AppRoute } from '../session/routes';

const REPORTS = [
  'trips',
  'activity',
  'speeding',
  'km',
  'monthly_km',
  'chart_km',
  'hours',
  'monthly_hours',
  'stops',
  'fuel_analysis',
  'pto',
  'zones',
  'positions',
  'alerts',
];

const CUSTOM_REPORTS = [
  'detailed_activity',
  'luanda_speeding',
  'vista_waste',
  'sonangalp_hours',
  'eco_driving',
  'rag',
  'castel_daily',
  'castel_monthly',
  'castel_monthly_detailed',
  'group_km',
  'group_hours',
  'performance',
  'emissions',
  'driving_limits',
  'malfunction',
  'machine_hours',
  'machine_monthly_hours',
  'gruest_activity',
];

const place = (index: number) => (index + 1) * 10;

export const REPORT_ROUTES: AppRoute[] = [
  ...REPORTS.map((name, index) =>
    appRoute(`/report/${name}`, `reports.${name}`, 'reports', `route.report_${name}`, { menu: place(index) }),
  ),
  appRoute('/report/block', 'reports.alerts', 'reports', 'route.report_block', {
    menu: place(REPORTS.length),
  }),
  appRoute('/report/schedules', 'reports.schedules', 'reports', 'route.report_schedules', {
    menu: place(REPORTS.length + 1),
  }),
  appRoute('/report/schedule/:id?', 'reports.schedules', 'reports', 'route.report_schedule'),

  ...CUSTOM_REPORTS.map((name, index) =>
    appRoute(`/report/${name}`, `custom_reports.${name}`, 'customReports', `route.report_${name}`, {
      menu: place(index),
      ...(isDeviceGatedReport(name) ? { gate: name } : {}),
    }),
  ),

  // The passenger reports come first in their section, before the passenger list (passengers area).
  appRoute('/report/passenger_vehicle', 'passengers.vehicle', 'passengers', 'route.passenger_vehicle', {
    menu: 10,
  }),
  appRoute('/report/passenger_passenger', 'passengers.passenger', 'passengers', 'route.passenger_passenger', {
    menu: 20,
  }),

  // The management reports follow the management summary (management area).
  appRoute('/report/management_analysis', 'management.analysis', 'management', 'route.management_analysis', {
    menu: 20,
  }),
  appRoute(
    '/report/management_cost_list',
    'management.cost_list',
    'management',
    'route.management_cost_list',
    {
      menu: 30,
    },
  ),
  appRoute('/report/monthly_liters', 'management.monthly_liters', 'management', 'route.monthly_liters', {
    menu: 40,
  }),
];
