import type { PositionFix } from '../framed/codec';
import type { Gps103Report } from './report';
import { localToUtc } from './time';

/** What a connection remembers between frames. */
export interface Gps103State {
  /** the IMEI the frames carry (commands name it) */
  imei?: string;
  /** the last fix on this connection: where a report without GPS is placed */
  last?: PositionFix;
  /** the device's local minus UTC in minutes, learned from its last report carrying both clocks */
  offsetMinutes?: number;
}

/**
 * The positions of one report. A report without GPS (`L`: an alarm while the fix is lost) is placed at
 * this connection's last fix, marked invalid, at the device's local time (through the zone offset
 * learned from earlier reports, else the time received); before any fix on the connection it has no
 * place and gives nothing.
 */
export function reportPositions(report: Gps103Report, state: Gps103State, now: Date): PositionFix[] {
  if (report.offsetMinutes !== undefined) state.offsetMinutes = report.offsetMinutes;
  if (report.fix) {
    const position: PositionFix = {
      ...report.fix,
      deviceTime: report.fix.fixTime,
      attributes: report.attributes,
    };
    state.last = position;
    return [position];
  }
  const last = state.last;
  if (!last) return [];
  const time =
    report.local && state.offsetMinutes !== undefined ? localToUtc(report.local, state.offsetMinutes) : now;
  return [
    {
      fixTime: time,
      deviceTime: time,
      valid: false,
      latitude: last.latitude,
      longitude: last.longitude,
      altitude: last.altitude,
      speed: 0,
      course: last.course,
      attributes: report.attributes,
    },
  ];
}
