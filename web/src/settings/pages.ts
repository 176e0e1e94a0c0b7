/** Settings screens by route path (the routes are in area.ts). */
import type { PageTable } from '../session/areas';
import { DeviceEditPage } from './DeviceEditPage';
import { DevicesPage } from './DevicesPage';
import { DriverEditPage } from './DriverEditPage';
import { DriverImportPage } from './DriverImportPage';
import { DriversPage } from './DriversPage';
import { GeofenceEditPage } from './GeofenceEditPage';
import { GeofencesPage } from './GeofencesPage';
import { GroupEditPage } from './GroupEditPage';
import { GroupsPage } from './GroupsPage';
import { InterfacePage } from './InterfacePage';
import { NotificationEditPage } from './NotificationEditPage';
import { NotificationsPage } from './NotificationsPage';
import { TemporaryLinkEditPage } from './TemporaryLinkEditPage';
import { TemporaryLinksPage } from './TemporaryLinksPage';
import { UserEditPage } from './UserEditPage';
import { UsersPage } from './UsersPage';

export const SETTINGS_PAGES: PageTable = {
  '/settings/interface/:id?': InterfacePage,
  '/settings/notifications': NotificationsPage,
  '/settings/notification/:id?': NotificationEditPage,
  '/settings/devices': DevicesPage,
  '/settings/device/:id?': DeviceEditPage,
  '/settings/groups': GroupsPage,
  '/settings/group/:id?': GroupEditPage,
  '/settings/drivers': DriversPage,
  '/settings/driver/:id?': DriverEditPage,
  '/settings/driver_import': DriverImportPage,
  '/settings/geofences': GeofencesPage,
  '/settings/geofence/:id?': GeofenceEditPage,
  '/settings/users': UsersPage,
  '/settings/user/:id?': UserEditPage,
  '/settings/temporary_links': TemporaryLinksPage,
  '/settings/temporary_link/:id?': TemporaryLinkEditPage,
};
