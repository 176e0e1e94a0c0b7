import type { DeviceFix, DeviceFrame, SimulatedDevice } from '../framed/simulatedDevice';
import { formatCrc, wialonCrc } from './crc';

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** Degrees as D(D)DMM.MMMMM and the hemisphere letter. */
function coordinate(degrees: number, degreeDigits: number, positive: string, negative: string): string {
  const units = Math.round(Math.abs(degrees) * 60 * 100_000);
  const whole = Math.floor(units / 6_000_000);
  const minutes = (units - whole * 6_000_000) / 100_000;
  return `${pad(whole, degreeDigits)}${minutes.toFixed(5).padStart(8, '0')};${degrees < 0 ? negative : positive}`;
}

const dateTime = (time: Date): string =>
  `${pad(time.getUTCDate())}${pad(time.getUTCMonth() + 1)}${pad(time.getUTCFullYear() % 100)};` +
  `${pad(time.getUTCHours())}${pad(time.getUTCMinutes())}${pad(time.getUTCSeconds())}`;

/** A version 2.0 packet: the message, `;`-terminated, followed by its CRC16. */
export function packet20(type: string, message: string): Buffer {
  const checked = Buffer.from(message, 'utf8');
  return Buffer.concat([
    Buffer.from(`#${type}#`, 'latin1'),
    checked,
    Buffer.from(`${formatCrc(wialonCrc(checked))}\r\n`, 'latin1'),
  ]);
}

/** An extended data record (16 fields) of the fix, as a 2.0 device writes it. */
export function dataRecord(fix: DeviceFix): string {
  const params = [`ign:1:${fix.ignition ? 1 : 0}`];
  if (fix.power !== undefined) params.push(`pwr_ext:2:${fix.power.toFixed(2)}`);
  if (fix.odometer !== undefined) params.push(`odometer:1:${Math.round(fix.odometer)}`);
  if (fix.sos) params.push('SOS:1:1');
  return [
    dateTime(fix.time),
    coordinate(fix.latitude, 2, 'N', 'S'),
    coordinate(fix.longitude, 3, 'E', 'W'),
    fix.speedKmh.toFixed(3),
    Math.round(fix.course) % 360,
    Math.round(fix.altitude),
    fix.satellites,
    'NA', // hdop
    'NA', // inputs
    'NA', // outputs
    'NA', // adc
    'NA', // ibutton
    params.join(','),
  ].join(';');
}

/** A Wialon IPS 2.0 tracker: logs in, reports extended data packets, pings to sync. */
export const wialonDevice: SimulatedDevice = {
  login: (uniqueId): DeviceFrame[] => [{ bytes: packet20('L', `2.0;${uniqueId};NA;`), answered: true }],
  position: (_uniqueId, fix): DeviceFrame => ({
    bytes: packet20('D', `${dataRecord(fix)};`),
    answered: true,
  }),
  sync: (): DeviceFrame => ({ bytes: Buffer.from('#P#\r\n', 'latin1'), answered: true }),
  answerLength(received) {
    const end = received.indexOf('\r\n');
    return end < 0 ? 0 : end + 2;
  },
  refused: (answer) => answer.toString('latin1').startsWith('#AL#0'),
};
