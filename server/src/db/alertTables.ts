/** Table types of the alert central and dashboard migrations (007_eventStatuses, 008_deviceStatistics). */
import type { Generated } from 'kysely';

/** One status change of an event: who set which status, when, with which observations. */
export interface EventStatusesTable {
  id: Generated<number>;
  eventId: number;
  deviceId: number;
  /** 0 Por resolver, 1 Em resolução, 2 Resolvido, 3 Ignorado */
  status: number;
  details: string;
  /** null once the user is deleted (the history stays) */
  userId: number | null;
  time: number;
}

/** Per vehicle: when its ignition last went on, the last reset, and the alerts counted since. */
export interface DeviceStatisticsTable {
  deviceId: number;
  lastignition: number | null;
  lastreset: number;
  alertDeviceOverspeed: Generated<number>;
  alertHardAcceleration: Generated<number>;
  alertHardBraking: Generated<number>;
  alertHardCornering: Generated<number>;
  alertLowBattery: Generated<number>;
  alertSos: Generated<number>;
}

/** Migration 011: events per UTC day, vehicle, alert type, last status and driver card ('' for none). */
export interface EventTalliesTable {
  day: number;
  deviceId: number;
  alertType: string;
  lastStatus: number;
  driver: string;
  n: number;
}

export interface AlertTables {
  eventStatuses: EventStatusesTable;
  deviceStatistics: DeviceStatisticsTable;
  eventTallies: EventTalliesTable;
}
