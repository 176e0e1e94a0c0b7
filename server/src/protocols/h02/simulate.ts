import { kmhToKnots } from '@frota/core/units';
import type { DeviceFix, DeviceFrame, SimulatedDevice } from '../framed/simulatedDevice';
import { formatCoordinate } from './coordinates';
import { statusWord } from './status';
import { formatDdmmyy, formatHhmmss } from './time';

const text = (value: string): Buffer => Buffer.from(value, 'latin1');

/**
 * A Sinotrack-like H02 device. It has no login (every frame names it); it reports `V1` text frames,
 * which the server confirms with `*HQ,<id>,V4,V1,<time>#`, and its heartbeat `*HQ,<id>,HTBT#` is echoed.
 * V1 carries no altitude, satellites, odometer or power: those fields of the fix are not sent.
 */
export const h02Device: SimulatedDevice = {
  login: () => [],

  position(uniqueId: string, fix: DeviceFix): DeviceFrame {
    const [latitude, ns] = formatCoordinate(fix.latitude, 'lat');
    const [longitude, ew] = formatCoordinate(fix.longitude, 'lon');
    const speed = kmhToKnots(fix.speedKmh).toFixed(2);
    const course = String(Math.round(fix.course) % 360).padStart(3, '0');
    const status = statusWord({ ignition: fix.ignition, sos: fix.sos })
      .toString(16)
      .toUpperCase()
      .padStart(8, '0');
    const fields = [
      `*HQ,${uniqueId},V1,${formatHhmmss(fix.time)},A`,
      latitude,
      ns,
      longitude,
      ew,
      speed,
      course,
      formatDdmmyy(fix.time),
      status,
    ];
    return { bytes: text(`${fields.join(',')}#`), answered: true };
  },

  sync: (uniqueId: string): DeviceFrame => ({ bytes: text(`*HQ,${uniqueId},HTBT#`), answered: true }),

  answerLength(received: Buffer): number {
    return received.indexOf(0x23) + 1;
  },
};
