/**
 * Table types as Kysely sees them (camelCase; CamelCasePlugin maps to snake_case columns).
 * Booleans are stored as 0/1 in SQLite and boolean in PostgreSQL, JSON as text or jsonb, and times as epoch
 * milliseconds; `mapping.ts` converts at the repository edge so rows below are read as `unknown` there.
 */
import type { Generated, GeneratedAlways } from 'kysely';
import type { ReportSchedulerTable } from './reportTables';
import type { DeviceStatisticsTable, EventStatusesTable, EventTalliesTable } from './alertTables';
import type { ManagementTables } from './managementTables';
import type { RefillTables } from './refillTables';
import type { MaintenanceNotificationTables } from './maintenanceNotificationTables';
import type { TachoFileTables } from './tachoFileTables';
import type { TachoDriverTables } from './tachoDriverTables';
import type { SavedCommandTables } from './savedCommandsTables';
import type { CalendarTables } from './calendarsTables';
import type { ComputedAttributeTables } from './computedAttributesTables';
import type { AccessTokenTables } from './accessTokensTables';
import type { TraccarReportTables } from './traccarReportsTables';
import type { CameraTables } from './cameraTables';
import type { PassengerTables } from './passengerTables';
import type { SegmentTables } from './segmentTables';

type Bool = number | boolean;
type Json = string | Record<string, unknown>;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  hashedPassword: string | null;
  salt: string | null;
  readonly: Bool;
  administrator: Bool;
  disabled: Bool;
  expirationTime: number | null;
  userLimit: number;
  deviceLimit: number;
  token: string | null;
  attributes: Json;
}

export interface GroupsTable {
  id: Generated<number>;
  name: string;
  groupId: number | null;
  attributes: Json;
}

export interface DevicesTable {
  id: Generated<number>;
  name: string;
  uniqueId: string;
  groupId: number | null;
  category: string | null;
  phone: string | null;
  model: string | null;
  contact: string | null;
  disabled: Bool;
  status: string;
  lastUpdate: number | null;
  positionId: number | null;
  attributes: Json;
}

export interface DriversTable {
  id: Generated<number>;
  name: string;
  uniqueId: string;
  attributes: Json;
}

export interface GeofencesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  area: string;
  attributes: Json;
}

export interface NotificationsTable {
  id: Generated<number>;
  type: string;
  always: Bool;
  notificators: string | null;
  /** migration 018: the calendar limiting when it fires (null: always) */
  calendarId: number | null;
  attributes: Json;
}

export interface TagsTable {
  id: Generated<number>;
  tag: string;
  name: string;
}

export interface PositionsTable {
  id: Generated<number>;
  deviceId: number;
  protocol: string | null;
  serverTime: number;
  deviceTime: number;
  fixTime: number;
  valid: Bool;
  latitude: number;
  longitude: number;
  altitude: number;
  speed: number;
  course: number;
  accuracy: number;
  address: string | null;
  event: number | null;
  attributes: Json;
  /**
   * derived from attributes (migration 003; in SQLite written by the writer thread or a connection's
   * trigger, migration 033 and positionDerived.ts): read by reports, never set by a query
   */
  ignition: GeneratedAlways<number | string | null>;
  motion: GeneratedAlways<number | string | null>;
  totalDistance: GeneratedAlways<number | null>;
  hours: GeneratedAlways<number | null>;
}

export interface EventsTable {
  id: Generated<number>;
  type: string;
  eventTime: number;
  deviceId: number;
  positionId: number | null;
  geofenceId: number | null;
  attributes: Json;
  /** migration 007: the last status (0..3) and the event_statuses row that set it */
  lastStatus: Generated<number>;
  lastStatusRow: Generated<number | null>;
  /** migration 007: the position's driver card, set by the database on insert */
  driverUniqueId: Generated<string | null>;
  /** migration 007: generated, `alarm` + the alarm name for alarms, else the type */
  alertType: GeneratedAlways<string>;
}

export interface SessionsTable {
  id: string;
  userId: number;
  createdAt: number;
  expiresAt: number;
  lastSeen: number;
  address: string | null;
  /** the token the session was opened with (migration 028), so revoking it ends the session */
  tokenId: string | null;
}

export interface PasswordResetsTable {
  tokenHash: string;
  userId: number;
  expiresAt: number;
  used: Bool;
}

export interface SettingsTable {
  key: string;
  value: Json;
}

export interface LeasesTable {
  name: string;
  holder: string;
  expiresAt: number;
}

/** When each leased job last ran (migration 023): a node taking a job over skips a run already made. */
export interface LeaseRunsTable {
  name: string;
  lastRunAt: number;
}

/** Link tables: every one is a pair of ids with a composite primary key. */
export interface UserDeviceTable {
  userId: number;
  deviceId: number;
}
export interface UserGroupTable {
  userId: number;
  groupId: number;
}
export interface UserGeofenceTable {
  userId: number;
  geofenceId: number;
}
export interface UserDriverTable {
  userId: number;
  driverId: number;
}
export interface UserNotificationTable {
  userId: number;
  notificationId: number;
}
export interface UserUserTable {
  userId: number;
  managedUserId: number;
}
export interface GroupGeofenceTable {
  groupId: number;
  geofenceId: number;
}
export interface GroupDriverTable {
  groupId: number;
  driverId: number;
}
export interface DeviceGeofenceTable {
  deviceId: number;
  geofenceId: number;
}
export interface DeviceNotificationTable {
  deviceId: number;
  notificationId: number;
}
export interface DeviceDriverTable {
  deviceId: number;
  driverId: number;
}

export interface Database
  extends
    ManagementTables,
    RefillTables,
    MaintenanceNotificationTables,
    TachoFileTables,
    TachoDriverTables,
    CameraTables,
    PassengerTables,
    SavedCommandTables,
    CalendarTables,
    ComputedAttributeTables,
    AccessTokenTables,
    TraccarReportTables,
    SegmentTables {
  users: UsersTable;
  groups: GroupsTable;
  devices: DevicesTable;
  drivers: DriversTable;
  geofences: GeofencesTable;
  notifications: NotificationsTable;
  tags: TagsTable;
  positions: PositionsTable;
  events: EventsTable;
  sessions: SessionsTable;
  passwordResets: PasswordResetsTable;
  settings: SettingsTable;
  leases: LeasesTable;
  leaseRuns: LeaseRunsTable;
  userDevice: UserDeviceTable;
  userGroup: UserGroupTable;
  userGeofence: UserGeofenceTable;
  userDriver: UserDriverTable;
  userNotification: UserNotificationTable;
  userUser: UserUserTable;
  groupGeofence: GroupGeofenceTable;
  groupDriver: GroupDriverTable;
  deviceGeofence: DeviceGeofenceTable;
  deviceNotification: DeviceNotificationTable;
  deviceDriver: DeviceDriverTable;
  reportScheduler: ReportSchedulerTable;
  eventStatuses: EventStatusesTable;
  deviceStatistics: DeviceStatisticsTable;
  eventTallies: EventTalliesTable;
}

export type LinkTable =
  | 'userDevice'
  | 'userGroup'
  | 'userGeofence'
  | 'userDriver'
  | 'userNotification'
  | 'userUser'
  | 'groupGeofence'
  | 'groupDriver'
  | 'deviceGeofence'
  | 'deviceNotification'
  | 'deviceDriver';
