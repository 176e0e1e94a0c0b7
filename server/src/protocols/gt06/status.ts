/**
 * The status block of heartbeats (0x13) and alarm frames (0x16, 0x26), 5 bytes: terminal information,
 * voltage level, GSM signal strength, alarm, language.
 */
export const STATUS_BLOCK_LENGTH = 5;

/** Terminal information bits 3-5: an alarm the device is in. */
const TERMINAL_ALARMS: Record<number, string> = {
  1: 'vibration',
  2: 'powerCut',
  3: 'lowBattery',
  4: 'sos',
  6: 'geofence',
  7: 'removing',
};

/** The alarm byte, with Traccar's alarm names. */
export const ALARM_CODES: Record<number, string> = {
  0x01: 'sos',
  0x02: 'powerCut',
  0x03: 'vibration',
  0x04: 'geofenceEnter',
  0x05: 'geofenceExit',
  0x06: 'overspeed',
  0x09: 'vibration',
  0x0c: 'tampering',
  0x0e: 'lowBattery',
  0x0f: 'lowBattery',
  0x11: 'powerOff',
  0x13: 'tampering',
  0x14: 'door',
  0x18: 'removing',
  0x19: 'lowBattery',
  0x1a: 'hardBraking',
  0x1b: 'hardCornering',
  0x23: 'fallDown',
  0x25: 'tampering',
  0x26: 'hardAcceleration',
  0x27: 'hardBraking',
  0x28: 'hardBraking',
  0x29: 'hardAcceleration',
  0x2a: 'hardCornering',
  0x2b: 'hardCornering',
  0x2c: 'accident',
  0x2e: 'hardCornering',
  0x30: 'jamming',
  0x32: 'tampering',
  0xf0: 'hardAcceleration',
  0xf1: 'hardBraking',
  0xf2: 'accident',
};

/** Adds an alarm to the comma-separated `alarm` attribute, once. */
export function addAlarm(attributes: Record<string, unknown>, alarm: string | undefined): void {
  if (!alarm) return;
  const current = typeof attributes.alarm === 'string' && attributes.alarm ? attributes.alarm.split(',') : [];
  if (!current.includes(alarm)) current.push(alarm);
  attributes.alarm = current.join(',');
}

/** Voltage level 0-6 as a percentage; devices that send a percentage (7-100) are taken as is. */
export function batteryLevel(level: number): number | undefined {
  if (level <= 6) return Math.floor((level * 100) / 6);
  return level <= 100 ? level : undefined;
}

/** The attributes the status block at `at` carries; the caller checks that 5 bytes are there. */
export function readStatusBlock(bytes: Buffer, at: number): Record<string, unknown> {
  const info = bytes[at];
  const attributes: Record<string, unknown> = {
    status: info,
    ignition: (info & 0x02) !== 0,
    charge: (info & 0x04) !== 0,
    blocked: (info & 0x80) !== 0,
  };
  const level = batteryLevel(bytes[at + 1]);
  if (level !== undefined) attributes.batteryLevel = level;
  attributes.rssi = bytes[at + 2];
  addAlarm(attributes, TERMINAL_ALARMS[(info >> 3) & 0x07]);
  addAlarm(attributes, ALARM_CODES[bytes[at + 3]]);
  return attributes;
}

/** A status block: ignition, charging and the alarm's code; a full battery and a strong signal. */
export function writeStatusBlock(options: { ignition: boolean; charge?: boolean; alarm?: number }): Buffer {
  const info = 0x40 | (options.ignition ? 0x02 : 0) | (options.charge ? 0x04 : 0);
  return Buffer.from([info, 6, 4, options.alarm ?? 0, 0x02]);
}
