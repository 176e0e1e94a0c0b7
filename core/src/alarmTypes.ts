/**
 * Alert notification types that are alarms (document 1 §4 "Notification save"): they are stored as type
 * `alarm` with the alarm name in attributes.alarms, and the mapping is reversed on load. The web form and the
 * API share it, so any client's `sos` is stored as the browser's is.
 */

export const ALARM_TYPE = 'alarm';
/** The seatbelt and lights alarms are offered, and stored, combined. */
export const SEATBELT_LIGHTS_ALARM = 'seatbelt+lights';

/** The alarm-like types the settings form offers and the alarm name stored for each. */
export const ALARM_NAMES: Readonly<Record<string, string>> = {
  lowBattery: 'lowBattery',
  sos: 'sos',
  hardAcceleration: 'hardAcceleration',
  hardBraking: 'hardBraking',
  hardCornering: 'hardCornering',
  tampering: 'tampering',
  malfunction: 'malfunction',
  seatbeltAndLights: SEATBELT_LIGHTS_ALARM,
};

/** Other spellings API clients may send: the alarm names themselves. */
const ALARM_SPELLINGS: Readonly<Record<string, string>> = {
  seatbelt: 'seatbelt',
  lights: 'lights',
  [SEATBELT_LIGHTS_ALARM]: SEATBELT_LIGHTS_ALARM,
};

/** The alarm a notification type is stored as, or undefined for a type that is not an alarm. */
export const alarmOfType = (type: string): string | undefined =>
  Object.hasOwn(ALARM_NAMES, type)
    ? ALARM_NAMES[type]
    : Object.hasOwn(ALARM_SPELLINGS, type)
      ? ALARM_SPELLINGS[type]
      : undefined;

/**
 * The type and attributes stored: an alarm-like type becomes `alarm` with attributes.alarms; type `alarm`
 * keeps the alarms it carries; any other type drops a leftover attributes.alarms.
 */
export function storedAlertType<T extends Record<string, unknown>>(
  type: string,
  attributes: T,
): { type: string; attributes: T & { alarms?: string } } {
  const alarm = alarmOfType(type);
  if (alarm) return { type: ALARM_TYPE, attributes: { ...attributes, alarms: alarm } };
  if (type === ALARM_TYPE) return { type, attributes };
  const { alarms: _alarms, ...rest } = attributes;
  return { type, attributes: rest as T };
}

/** The type a stored notification shows as in the form: type `alarm` maps back to its alarm's type. */
export function formAlertType(type: string, attributes: { alarms?: unknown } | null | undefined): string {
  if (type !== ALARM_TYPE) return type;
  const alarm = String(attributes?.alarms ?? '')
    .split(',')[0]
    .trim();
  const found = Object.entries(ALARM_NAMES).find(([, name]) => name === alarm);
  if (found) return found[0];
  return alarm === 'seatbelt' || alarm === 'lights' ? 'seatbeltAndLights' : ALARM_TYPE;
}
