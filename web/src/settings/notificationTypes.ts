/** Alert notification types of document 1 §3 and the delivery methods; the alarm mapping is core's `alarmTypes`. */

export interface AlertNotification {
  id?: number;
  type: string;
  always: boolean;
  /** comma text of web, mail, sms */
  notificators: string;
  attributes: {
    description?: string;
    alarms?: string;
    emailTo?: string;
    emailCc?: string;
    [key: string]: unknown;
  };
}

export const ALERT_TYPES = [
  'deviceOverspeed',
  'geofenceEnter',
  'geofenceExit',
  'lowBattery',
  'sos',
  'hardAcceleration',
  'hardBraking',
  'hardCornering',
  'tampering',
  'malfunction',
  'deviceFuelDrop',
  'seatbeltAndLights',
] as const;

export const NOTIFICATORS = ['web', 'mail', 'sms'] as const;
export type Notificator = (typeof NOTIFICATORS)[number];

export const notificatorList = (text: string | null | undefined): Notificator[] =>
  String(text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s): s is Notificator => (NOTIFICATORS as readonly string[]).includes(s));
