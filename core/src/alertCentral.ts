/** The alert central's event types (document 2 §4), shared by the server's filter and the web's choices. */
import { hasPermission, type PermissionSubject } from './permissions';

/** Types the alert central lists, as it names them (`alarm` + the alarm name for alarms). */
export const ALERT_CENTRAL_TYPES = [
  'alarmlowBattery',
  'alarmsos',
  'alarmhardBraking',
  'alarmhardCornering',
  'alarmhardAcceleration',
  'alarmtampering',
  'blockRequest',
  'unBlockRequest',
  'deviceOverspeed',
  'geofenceEnter',
  'geofenceExit',
  'deviceFuelDrop',
] as const;

export const SEATBELT_LIGHTS_PERMISSION = 'global.alert_seatbelt_lights';
export const SEATBELT_LIGHTS_TYPES = ['alarmseatbelt', 'alarmlights', 'alarmseatbelt+lights'] as const;

/** The types a user may list: the seatbelt and lights alarms only with their permission. */
export function alertCentralTypes(user: PermissionSubject): string[] {
  return hasPermission(user, SEATBELT_LIGHTS_PERMISSION)
    ? [...ALERT_CENTRAL_TYPES, ...SEATBELT_LIGHTS_TYPES]
    : [...ALERT_CENTRAL_TYPES];
}

/** One event of `GET /report/api.php/events/{from}/{to}` (document 2 §3). */
export interface AlertEvent {
  id: number;
  eventTime: string;
  eventType: string;
  details: string;
  groupId: number | null;
  deviceId: number;
  deviceName: string;
  deviceLicensePlate: string | null;
  driverId: number | null;
  driverName: string | null;
  driverPhone: string | null;
  /** 0 Por resolver, 1 Em resolução, 2 Resolvido, 3 Ignorado */
  lastStatusId: number;
  lastStatusName: string;
  lastStatusUser: string | null;
  lastStatusDetails: string | null;
  latitude: number | null;
  longitude: number | null;
  fixTime: string | null;
  address: string | null;
  /** knots */
  speed: number | null;
}

/** One vehicle's statistics of `GET /report/api.php/device_statistics` (document 2 §3), kept by the pipeline. */
export interface DeviceStatistics {
  deviceid: number;
  /** ISO time the ignition last went on, or null */
  lastignition: string | null;
  /** ISO time counting (re)started, or null */
  lastreset: string | null;
  /** the reset time as `YYYY-MM-DD HH:mm:ss` UTC (the footer's "Estatísticas desde") */
  last_reset: string | null;
  alert_deviceOverspeed: number;
  alert_hardAcceleration: number;
  alert_hardBraking: number;
  alert_hardCornering: number;
  alert_lowBattery: number;
  alert_sos: number;
}
