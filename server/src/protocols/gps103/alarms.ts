/**
 * The second field of a GPS103 report names why it was sent: `tracker` for a timed report, or an alarm
 * or event. Alarms get Traccar's alarm names; other words are kept as the `event` attribute.
 */

const ALARMS: Record<string, string> = {
  'help me': 'sos',
  'low battery': 'lowBattery',
  stockade: 'geofence',
  move: 'movement',
  speed: 'overspeed',
  'door alarm': 'door',
  'ac alarm': 'powerCut',
  'accident alarm': 'accident',
  'sensor alarm': 'vibration',
  'bonnet alarm': 'bonnet',
  'footbrake alarm': 'footBrake',
  DTC: 'fault',
};

/** The attributes a report's keyword gives (the keyword `rfid` takes the RFID field). */
export function keywordAttributes(keyword: string, rfid: string): Record<string, unknown> {
  const alarm = ALARMS[keyword];
  if (alarm) return { alarm };
  if (keyword.startsWith('T:')) {
    const temp = Number(keyword.slice(2));
    return Number.isFinite(temp) ? { alarm: 'temperature', temp1: temp } : { alarm: 'temperature' };
  }
  if (keyword.startsWith('oil')) {
    // `oil 51.67` carries the fuel level; `oil1`, `oil2` only raise the alarm
    const fuel = keyword.startsWith('oil ') ? Number(keyword.slice(4)) : NaN;
    return Number.isFinite(fuel) ? { alarm: 'fuelLeak', fuel } : { alarm: 'fuelLeak' };
  }
  if (keyword === 'acc on') return { ignition: true };
  if (keyword === 'acc off') return { ignition: false };
  if (keyword === 'rfid') return rfid ? { event: keyword, driverUniqueId: rfid } : { event: keyword };
  // `vtNN` announces a photo in NN chunks, `tracker` is a timed report
  if (keyword === '' || keyword === 'tracker' || /^vt\d+$/.test(keyword)) return {};
  return { event: keyword };
}

/** SOS reports are acknowledged so the device stops repeating them. */
export const isSos = (keyword: string): boolean => keyword === 'help me';
