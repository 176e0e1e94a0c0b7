import { ProtocolDecodeError } from '../framed/codec';
import type { Gps103Report } from './report';

const KMH_PER_KNOT = 1.852;
const FIELDS = 19;

/** `---` and the like stand for an empty field. */
const present = (field: string): string | undefined => (/^-*$/.test(field) ? undefined : field);

const number = (field: string, what: string): number => {
  if (!/^-?\d+(\.\d+)?$/.test(field)) throw new ProtocolDecodeError(`bad ${what} "${field}"`);
  return Number(field);
};

/**
 * The alternative layout some firmwares send, ending in `*`, with decimal degrees and a UTC date:
 * `imei:<imei>,<name>,<event>,<sensor id>,<sensor volts>,hhmmss,ddmmyy,<rssi>,<gps 0|1>,<lat>,<lon>,
 * <km/h>,<course>,<altitude>,<hdop>,<satellites>,<ignition 0|1>,<charging 0|1>,<error>`.
 * `fields` is the frame split on commas without its `*`. Throws `ProtocolDecodeError`.
 */
export function decodeAlternative(fields: string[]): Gps103Report {
  if (fields.length < FIELDS) throw new ProtocolDecodeError(`alternative report of ${fields.length} fields`);
  const [, , event, sensorId, sensorVoltage, time, date, rssi, gps, lat, lon, kmh, course, altitude] = fields;
  const [hdop, satellites, ignition, charge, error] = fields.slice(14);
  const t = /^(\d\d)(\d\d)(\d\d)$/.exec(time);
  const d = /^(\d\d)(\d\d)(\d\d)$/.exec(date);
  const [hh, mi, ss] = t ? t.slice(1).map(Number) : [];
  const [dd, mo, yy] = d ? d.slice(1).map(Number) : [];
  if (!t || !d || hh > 23 || mi > 59 || ss > 59 || dd < 1 || dd > 31 || mo < 1 || mo > 12)
    throw new ProtocolDecodeError(`bad time "${time}" "${date}"`);
  const fixTime = new Date(Date.UTC(2000 + yy, mo - 1, dd, hh, mi, ss));

  const attributes: Record<string, unknown> = {
    rssi: number(rssi, 'rssi'),
    hdop: number(hdop, 'hdop'),
    sat: number(satellites, 'satellites'),
    ignition: ignition === '1',
    charge: charge === '1',
  };
  if (present(event)) attributes.event = event;
  if (present(sensorId)) attributes.sensorId = sensorId;
  if (present(sensorVoltage)) attributes.sensorVoltage = number(sensorVoltage, 'sensor voltage');
  if (present(error)) attributes.error = error;

  return {
    keyword: event,
    attributes,
    local: null,
    fix: {
      fixTime,
      valid: number(gps, 'gps status') > 0,
      latitude: number(lat, 'latitude'),
      longitude: number(lon, 'longitude'),
      speed: number(kmh, 'speed') / KMH_PER_KNOT,
      course: number(course, 'course'),
      altitude: number(altitude, 'altitude'),
    },
  };
}
