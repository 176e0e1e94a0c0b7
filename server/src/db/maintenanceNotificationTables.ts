/** Table types of the maintenance notifications migration (012_maintenanceNotifications). */
import type { Generated } from 'kysely';

/** 0/1 in SQLite, boolean in PostgreSQL */
type Bool = number | boolean;

/** A daily maintenance notification (document 3 §3), owned by the user who made it. */
export interface MaintenanceNotificationsTable {
  id: Generated<number>;
  userId: number;
  /** normalised comma-separated recipients */
  emails: string;
  allDevices: Bool;
  maintenance: Bool;
  maintenanceKm: number;
  maintenanceHours: number;
  cost: Bool;
  costDays: number;
  document: Bool;
  documentDays: number;
  communication: Bool;
  communicationHours: number;
  /** epoch ms: the first e-mail goes at the first send hour after this */
  createdAt: number;
}

/** The vehicles of a notification that is not for all vehicles (gone with the vehicle or the notification). */
export interface MaintenanceNotificationDevicesTable {
  notificationId: number;
  deviceId: number;
}

/**
 * One row per notification and local day: the day's claim and its outcome, so a restart or a second node
 * never sends the same day twice, and a failed send is tried again. status: sending, sent, empty, failed.
 */
export interface MaintenanceNotificationRunsTable {
  notificationId: number;
  /** YYYY-MM-DD in the owner's timezone */
  day: string;
  status: string;
  /** epoch ms of the latest claim */
  claimedAt: number;
  sentAt: number | null;
  attempts: number;
  /** vehicles listed in the e-mail */
  vehicles: number;
  error: string | null;
}

export interface MaintenanceNotificationTables {
  maintenanceNotifications: MaintenanceNotificationsTable;
  maintenanceNotificationDevices: MaintenanceNotificationDevicesTable;
  maintenanceNotificationRuns: MaintenanceNotificationRunsTable;
}
