/** Every route of document 1 §2 with the permission that gates it (§6) and its menu placement. */
import { isDeviceGatedReport, type DeviceGatedReport } from '@frota/core';

export type SectionId =
  'map' | 'tacho' | 'reports' | 'customReports' | 'modules' | 'passengers' | 'management' | 'settings';

export const SECTIONS: SectionId[] = [
  'map',
  'tacho',
  'reports',
  'customReports',
  'modules',
  'passengers',
  'management',
  'settings',
];

export interface AppRoute {
  /** react-router path, optional segments written `:id?`. */
  path: string;
  /** Permission string matched by prefix; null: any logged-in user that is not temporary. */
  permission: string | null;
  section: SectionId;
  /** i18n key of the title. */
  title: string;
  /** Shown as a side-menu entry (list screens; edit screens are reached from them). */
  menu?: boolean;
  /** Reachable only in beta mode (Ctrl+Alt+B). */
  beta?: boolean;
  /** A second permission that also opens the route (the refill screens: management or the refill module). */
  alsoPermission?: string;
  /** Offered only when a vehicle offers this report (eco driving, rag: document 2 §2.1). */
  gate?: DeviceGatedReport;
}

const r = (
  path: string,
  permission: string | null,
  section: SectionId,
  title: string,
  extra?: Partial<AppRoute>,
): AppRoute => ({
  path,
  permission,
  section,
  title,
  ...extra,
});

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

const MANAGEMENT_SCREENS = [
  'maintenances',
  'maintenance',
  'costs',
  'cost',
  'documents',
  'document',
  'settings',
  'notifications',
  'notification',
];

/** Settings lists and their edit screens: [list, edit, permission]. */
const SETTINGS: [string, string, string][] = [
  ['notifications', 'notification', 'settings.notifications'],
  ['devices', 'device', 'settings.devices'],
  ['groups', 'group', 'settings.groups'],
  ['drivers', 'driver', 'settings.drivers'],
  ['geofences', 'geofence', 'settings.geofences'],
  ['users', 'user', 'settings.users'],
  ['temporary_links', 'temporary_link', 'settings.temporary_links'],
];

export const ROUTES: AppRoute[] = [
  r('/', 'map.online', 'map', 'route.map', { menu: true }),
  r('/replay', 'map.history', 'map', 'route.replay', { menu: true }),
  r('/dashboard', 'map.dashboard', 'map', 'route.dashboard', { menu: true }),
  r('/settings/interface/:id?', null, 'map', 'route.interface'),

  r('/tacho_drivers', 'tacho.drivers', 'tacho', 'route.tacho_drivers', { menu: true }),
  r('/tacho_files', 'tacho.files', 'tacho', 'route.tacho_files', { menu: true }),

  ...REPORTS.map((name) =>
    r(`/report/${name}`, `reports.${name}`, 'reports', `route.report_${name}`, { menu: true }),
  ),
  r('/report/block', 'reports.alerts', 'reports', 'route.report_block', { menu: true }),
  r('/report/schedules', 'reports.schedules', 'reports', 'route.report_schedules', { menu: true }),
  r('/report/schedule/:id?', 'reports.schedules', 'reports', 'route.report_schedule'),

  ...CUSTOM_REPORTS.map((name) =>
    r(`/report/${name}`, `custom_reports.${name}`, 'customReports', `route.report_${name}`, {
      menu: true,
      ...(isDeviceGatedReport(name) ? { gate: name } : {}),
    }),
  ),

  r('/events', 'module.events', 'modules', 'route.events', { menu: true }),
  r('/refills', 'module.refills', 'modules', 'route.refills', { menu: true }),
  r('/settings/cameras', 'module.cameras', 'modules', 'route.cameras', { menu: true }),
  r('/settings/camera_images/:id?', 'module.cameras', 'modules', 'route.camera_images'),
  r('/settings/refill_operators', 'module.refills', 'modules', 'route.refill_operators'),
  r('/settings/refill_operator/:id?', 'module.refills', 'modules', 'route.refill_operator'),
  r('/settings/refill_stations', 'module.refills', 'modules', 'route.refill_stations'),
  r('/settings/refill_station/:id?', 'module.refills', 'modules', 'route.refill_station'),
  r('/settings/refill_devices', 'module.refills', 'modules', 'route.refill_devices'),

  r('/report/passenger_vehicle', 'passengers.vehicle', 'passengers', 'route.passenger_vehicle', {
    menu: true,
  }),
  r('/report/passenger_passenger', 'passengers.passenger', 'passengers', 'route.passenger_passenger', {
    menu: true,
  }),
  // The passenger list, form and import (issue 22): either passenger permission opens them.
  r('/settings/passengers', 'passengers.passenger', 'passengers', 'route.settings_passengers', {
    menu: true,
    alsoPermission: 'passengers.vehicle',
  }),
  r('/settings/passenger/:id?', 'passengers.passenger', 'passengers', 'route.settings_passenger', {
    alsoPermission: 'passengers.vehicle',
  }),
  r('/settings/passenger_import', 'passengers.passenger', 'passengers', 'route.settings_passenger_import', {
    alsoPermission: 'passengers.vehicle',
  }),

  r('/management/summary', 'management.summary', 'management', 'route.management_summary', { menu: true }),
  ...MANAGEMENT_SCREENS.map((name) =>
    r(`/management/${name}/:id?`, 'management.summary', 'management', `route.management_${name}`),
  ),
  // A refill-module user without the management summary still records refills (document 3 §6).
  ...['refills', 'refill'].map((name) =>
    r(`/management/${name}/:id?`, 'management.summary', 'management', `route.management_${name}`, {
      alsoPermission: 'module.refills',
    }),
  ),
  r('/report/management_analysis', 'management.analysis', 'management', 'route.management_analysis', {
    menu: true,
  }),
  r('/report/management_cost_list', 'management.cost_list', 'management', 'route.management_cost_list', {
    menu: true,
  }),
  r('/report/monthly_liters', 'management.monthly_liters', 'management', 'route.monthly_liters', {
    menu: true,
  }),

  ...SETTINGS.flatMap(([list, edit, permission]) => [
    r(`/settings/${list}`, permission, 'settings', `route.settings_${list}`, { menu: true }),
    r(`/settings/${edit}/:id?`, permission, 'settings', `route.settings_${edit}`),
  ]),
  r('/settings/driver_import', 'settings.drivers', 'settings', 'route.settings_driver_import'),
];

/** The year presets' permission flag (document 2 §2.2, §6; the spec does not name it). */
export const YEAR_PERMISSION = 'reports.year';

/** Grantable permissions that open no screen of their own, by the menu section whose panel offers them. */
export const SECTION_FLAGS: Partial<Record<SectionId, Array<{ permission: string; title: string }>>> = {
  reports: [{ permission: YEAR_PERMISSION, title: 'settings.permission.year' }],
};

export const OWN_PROFILE_ROUTE = '/settings/user/:id?';
export const MANUAL_URL = '/manual/pt/';
