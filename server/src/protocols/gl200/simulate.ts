import type { DeviceFix, DeviceFrame, SimulatedDevice } from '../framed/simulatedDevice';
import { countNumber, heartbeatFrame, utcStamp } from './heartbeat';

/** The protocol version the simulated device reports: a GV58LAU (append mask after the cell). */
export const SIMULATED_VERSION = '8020040200';

/** The location block with an empty cell and the satellites in the append mask (bit 0). */
function locationBlock(fix: DeviceFix): string {
  return [
    fix.satellites > 0 ? 1 : 0, // GPS accuracy, 0 without a fix
    fix.speedKmh.toFixed(1),
    Math.round(fix.course) % 360,
    fix.altitude.toFixed(1),
    fix.longitude.toFixed(6),
    fix.latitude.toFixed(6),
    utcStamp(fix.time),
    '',
    '',
    '',
    '',
    '01',
    fix.satellites,
  ].join(',');
}

const odometerKm = (fix: DeviceFix) => (fix.odometer === undefined ? '' : (fix.odometer / 1000).toFixed(1));

/** GTFRI: power (mV), report type, one block, odometer, 4 empty, battery %, device status, 3 empty. */
function fixedReport(uniqueId: string, fix: DeviceFix, count: number): string {
  const moving = fix.speedKmh > 0 ? 2 : 1;
  const status = `${fix.ignition ? 2 : 1}${moving}0000`;
  const power = fix.power === undefined ? '' : Math.round(fix.power * 1000);
  return (
    `+RESP:GTFRI,${SIMULATED_VERSION},${uniqueId},,${power},10,1,${locationBlock(fix)},${odometerKm(fix)}` +
    `,,,,,100,${status},,,,${utcStamp(fix.time)},${countNumber(count)}$`
  );
}

/** GTSOS: the SOS button, one block and the odometer. */
function sosReport(uniqueId: string, fix: DeviceFix, count: number): string {
  return (
    `+RESP:GTSOS,${SIMULATED_VERSION},${uniqueId},,,00,1,${locationBlock(fix)},${odometerKm(fix)}` +
    `,${utcStamp(fix.time)},${countNumber(count)}$`
  );
}

/**
 * A Queclink GV-series device: no login (every message carries the IMEI), GTFRI reports (GTSOS for the
 * SOS button) that the server does not answer, and a `+ACK:GTHBD` heartbeat as the sync frame, answered
 * `+SACK:GTHBD,<version>,<count>$` once the reports before it are committed.
 */
export const gl200Device: SimulatedDevice = {
  login: () => [],
  position(uniqueId, fix, sequence): DeviceFrame {
    const text = fix.sos ? sosReport(uniqueId, fix, sequence) : fixedReport(uniqueId, fix, sequence);
    return { bytes: Buffer.from(text, 'latin1'), answered: false };
  },
  sync(uniqueId, sequence): DeviceFrame {
    return { bytes: heartbeatFrame(SIMULATED_VERSION, uniqueId, new Date(), sequence), answered: true };
  },
  answerLength(received) {
    const end = received.indexOf(0x24); // '$'
    return end < 0 ? 0 : end + 1;
  },
};
