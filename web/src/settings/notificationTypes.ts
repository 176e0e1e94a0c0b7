/** Alert notification types of document 1 §3 and the alarm mapping of §4 "Notification save". */

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

/** Alarm-like types and the alarm name stored for each (seatbelt and lights combined as seatbelt+lights). */
export const ALARM_NAMES: Record<string, string> = {
  sos: 'sos',
  lowBattery: 'lowBattery',
  hardAcceleration: 'hardAcceleration',
  hardBraking: 'hardBraking',
  hardCornering: 'hardCornering',
  tampering: 'tampering',
  malfunction: 'malfunction',
  seatbeltAndLights: 'seatbelt+lights',
};

/** The form's type saved as the server stores it: alarm-like types become type alarm with attributes.alarms. */
export function toStoredNotification(n: AlertNotification): AlertNotification {
  const alarm = ALARM_NAMES[n.type];
  if (!alarm) {
    const { alarms: _alarms, ...attributes } = n.attributes;
    return { ...n, attributes };
  }
  return { ...n, type: 'alarm', attributes: { ...n.attributes, alarms: alarm } };
}

/** The type a stored notification shows as: type alarm maps back to its alarm's type. */
export function formType(n: Pick<AlertNotification, 'type' | 'attributes'>): string {
  if (n.type !== 'alarm') return n.type;
  const alarm = String(n.attributes?.alarms ?? '')
    .split(',')[0]
    .trim();
  const found = Object.entries(ALARM_NAMES).find(([, name]) => name === alarm);
  return found ? found[0] : alarm === 'seatbelt' || alarm === 'lights' ? 'seatbeltAndLights' : 'alarm';
}

export const notificatorList = (text: string | null | undefined): Notificator[] =>
  String(text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s): s is Notificator => (NOTIFICATORS as readonly string[]).includes(s));
