import type { DeviceFix, DeviceFrame, SimulatedDevice } from '../framed/simulatedDevice';

const KMH_PER_KNOT = 1.852;
/** The simulated devices keep their clock in West Africa Time (UTC+1), as a device set to local time. */
const ZONE_MINUTES = 60;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `dddmm.mmmm` with its hemisphere letter. */
function degreesMinutes(value: number, degreeDigits: number, hemispheres: [string, string]): string {
  const abs = Math.abs(value);
  let degrees = Math.floor(abs);
  let minutes = Number(((abs - degrees) * 60).toFixed(4));
  if (minutes >= 60) {
    degrees++;
    minutes = 0;
  }
  const text = `${pad(degrees, degreeDigits)}${minutes.toFixed(4).padStart(7, '0')}`;
  return `${text},${value < 0 ? hemispheres[1] : hemispheres[0]}`;
}

/** The device's local clock, `yymmddhhmmss`. */
function localTime(time: Date): string {
  const t = new Date(time.getTime() + ZONE_MINUTES * 60_000);
  const parts = [t.getUTCFullYear() % 100, t.getUTCMonth() + 1, t.getUTCDate()];
  parts.push(t.getUTCHours(), t.getUTCMinutes(), t.getUTCSeconds());
  return parts.map((n) => pad(n)).join('');
}

/** The GPS time of day in UTC, `hhmmss.sss`. */
const utcTime = (t: Date): string =>
  `${pad(t.getUTCHours())}${pad(t.getUTCMinutes())}${pad(t.getUTCSeconds())}.${pad(t.getUTCMilliseconds(), 3)}`;

/** The text of a regular-layout report, without its `;`. */
export function reportText(uniqueId: string, fix: DeviceFix): string {
  const fields = [
    `imei:${uniqueId}`,
    fix.sos ? 'help me' : 'tracker',
    localTime(fix.time),
    '',
    'F',
    utcTime(fix.time),
    'A',
    degreesMinutes(fix.latitude, 2, ['N', 'S']),
    degreesMinutes(fix.longitude, 3, ['E', 'W']),
    (fix.speedKmh / KMH_PER_KNOT).toFixed(2),
    fix.course.toFixed(2),
    fix.altitude.toFixed(1),
    fix.ignition ? '1' : '0',
    '',
  ];
  return fields.join(',');
}

const ANSWERS = ['LOAD', 'ON'];

/**
 * A Coban GPS103 / TK103: logs in with `##,imei:<imei>,A;` (answered LOAD), reports positions the server
 * does not answer (except an SOS, acknowledged `**,imei:<imei>,E;`), and heartbeats with its IMEI alone
 * (answered ON), which is the sync frame.
 */
export const gps103Device: SimulatedDevice = {
  login: (uniqueId) => [{ bytes: Buffer.from(`##,imei:${uniqueId},A;`, 'latin1'), answered: true }],
  position: (uniqueId, fix): DeviceFrame => ({
    bytes: Buffer.from(`${reportText(uniqueId, fix)};`, 'latin1'),
    answered: fix.sos === true,
  }),
  sync: (uniqueId) => ({ bytes: Buffer.from(`${uniqueId};`, 'latin1'), answered: true }),
  answerLength(received) {
    const text = received.toString('latin1');
    for (const answer of ANSWERS) {
      if (text.startsWith(answer)) return answer.length;
      if (answer.startsWith(text)) return 0;
    }
    if (text.startsWith('**')) return text.indexOf(';') + 1;
    if (text === '*') return 0;
    throw new Error(`not a GPS103 answer: ${JSON.stringify(text.slice(0, 40))}`);
  },
};
