import type { DeviceFix, DeviceFrame, SimulatedDevice } from '../framed/simulatedDevice';
import { MSG } from './decoder';
import { frameSize } from './framer';
import { writeGpsBlock } from './gps';
import { writeImei } from './login';
import { encodePacket } from './packet';
import { writeStatusBlock } from './status';

/** A cell block (mcc 648, mnc 1, lac 1, cid 1), as the GPS frames carry one. */
const CELL = Buffer.from([0x02, 0x88, 0x01, 0x00, 0x01, 0x00, 0x00, 0x01]);
const SOS = 0x01;
/** Login type identification and time zone (UTC, English). */
const LOGIN_TAIL = Buffer.from([0x00, 0x00, 0x00, 0x02]);

const gpsBlock = (fix: DeviceFix): Buffer =>
  writeGpsBlock({
    time: fix.time,
    satellites: fix.satellites,
    latitude: fix.latitude,
    longitude: fix.longitude,
    speedKmh: fix.speedKmh,
    course: fix.course,
    located: fix.satellites > 0,
    ignition: fix.ignition,
  });

/**
 * A GT06 tracker: logs in with its IMEI, reports 0x22 frames (GPS, cell, ACC, upload mode 0, real time)
 * or a 0x16 alarm frame for an SOS, and syncs with a heartbeat. The server answers each of them.
 */
export const gt06Device: SimulatedDevice = {
  login: (uniqueId, sequence) => [
    {
      bytes: encodePacket(MSG.login, Buffer.concat([writeImei(uniqueId), LOGIN_TAIL]), sequence),
      answered: true,
    },
  ],

  position(_uniqueId, fix, sequence): DeviceFrame {
    if (fix.sos) {
      const lbs = Buffer.concat([Buffer.from([1 + CELL.length]), CELL]);
      const status = writeStatusBlock({ ignition: fix.ignition, charge: true, alarm: SOS });
      const content = Buffer.concat([gpsBlock(fix), lbs, status]);
      return { bytes: encodePacket(MSG.alarm, content, sequence), answered: true };
    }
    const tail = Buffer.from([fix.ignition ? 1 : 0, 0x00, 0x00]);
    const content = Buffer.concat([gpsBlock(fix), CELL, tail]);
    return { bytes: encodePacket(MSG.gpsLbs2, content, sequence), answered: true };
  },

  sync: (_uniqueId, sequence) => ({
    bytes: encodePacket(MSG.heartbeat, writeStatusBlock({ ignition: true, charge: true }), sequence),
    answered: true,
  }),

  answerLength(received) {
    const header = frameSize(received);
    if (header === undefined || 'fatal' in header) return 0;
    return received.length >= header.size ? header.size : 0;
  },
};
