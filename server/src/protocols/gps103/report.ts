import { ProtocolDecodeError } from '../framed/codec';
import type { PositionFix } from '../framed/codec';
import { keywordAttributes } from './alarms';
import { degreesMinutes } from './coordinates';
import { fixTimeOf, localToUtc, nearestUtc, parseLocalTime, parseUtcTime, zoneOffsetMinutes } from './time';
import type { LocalTime } from './time';

/** Where and when a GPS report places the device (the session adds the id and protocol). */
export type Gps103Fix = Omit<PositionFix, 'attributes' | 'deviceTime'>;

/** One report of the regular layout: `imei:<imei>,<keyword>,<local time>,<rfid>,F|L,...`. */
export interface Gps103Report {
  keyword: string;
  attributes: Record<string, unknown>;
  /** absent for a report without GPS (`L`) */
  fix?: Gps103Fix;
  /** the device's local clock (null when unset): places a report without GPS in time */
  local: LocalTime | null;
  /** local minus UTC in minutes, when the report carries both clocks */
  offsetMinutes?: number;
}

const HEMISPHERE_NS = /^[NS]$/;
const HEMISPHERE_EW = /^[EW]$/;
const NUMBER = /^-?\d+(\.\d*)?$/;
const PERCENT = /^(\d+\.\d+)%$/;

const numberOr0 = (field: string | undefined): number => (field && NUMBER.test(field) ? Number(field) : 0);

/**
 * Decodes the regular layout; `fields` is the frame split on commas, starting at `imei:<imei>`, without
 * its terminator. `now` dates a fix whose device clock is unset. Throws `ProtocolDecodeError`.
 */
export function decodeReport(fields: string[], now: Date): Gps103Report {
  if (fields.length < 5) throw new ProtocolDecodeError(`report of ${fields.length} fields`);
  const [, keyword, dateField, rfid, kind] = fields;
  const local = parseLocalTime(dateField);
  if (local === undefined) throw new ProtocolDecodeError(`bad local time "${dateField}"`);
  const attributes = keywordAttributes(keyword, rfid);
  if (kind === 'L') return { keyword, attributes, local };
  if (kind !== 'F') throw new ProtocolDecodeError(`report kind "${kind}"`);

  const utc = parseUtcTime(fields[5] ?? '');
  const validity = fields[6];
  if (validity !== 'A' && validity !== 'V') throw new ProtocolDecodeError(`validity "${validity}"`);
  let i = 7;
  let latHemisphere: string | undefined;
  let lonHemisphere: string | undefined;
  if (HEMISPHERE_NS.test(fields[i])) latHemisphere = fields[i++];
  const latField = fields[i++];
  if (HEMISPHERE_NS.test(fields[i])) latHemisphere = fields[i++];
  if (HEMISPHERE_EW.test(fields[i])) lonHemisphere = fields[i++];
  const lonField = fields[i++];
  // the longitude's hemisphere, possibly empty (then followed by a comma)
  if (HEMISPHERE_EW.test(fields[i])) lonHemisphere = fields[i++];
  else if (fields[i] === '' && i < fields.length - 1) i++;
  const latitude = degreesMinutes(latField ?? '', latHemisphere);
  const longitude = degreesMinutes(lonField ?? '', lonHemisphere);
  if (latitude === undefined || longitude === undefined)
    throw new ProtocolDecodeError(`bad coordinates "${latField}", "${lonField}"`);

  let fixTime: Date;
  let offsetMinutes: number | undefined;
  if (local && utc) {
    fixTime = fixTimeOf(local, utc);
    offsetMinutes = zoneOffsetMinutes(local, utc);
  } else if (utc) fixTime = nearestUtc(utc, now);
  else if (local) fixTime = localToUtc(local);
  else throw new ProtocolDecodeError('report without a time');

  const fix: Gps103Fix = {
    fixTime,
    valid: validity === 'A',
    latitude,
    longitude,
    speed: numberOr0(fields[i]),
    course: numberOr0(fields[i + 1]),
    altitude: numberOr0(fields[i + 2]),
  };
  return {
    keyword,
    attributes: { ...extras(fields.slice(i + 3)), ...attributes },
    fix,
    local,
    offsetMinutes,
  };
}

/** The optional fields after the altitude: ignition, door, two fuel levels (%), temperature. */
function extras([ignition, door, fuel1, fuel2, temperature]: string[]): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  if (ignition === '0' || ignition === '1') attributes.ignition = ignition === '1';
  if (door === '0' || door === '1') attributes.door = door === '1';
  const f1 = fuel1 === undefined ? null : PERCENT.exec(fuel1);
  if (f1) attributes.fuel1 = Number(f1[1]);
  const f2 = fuel2 === undefined ? null : PERCENT.exec(fuel2);
  if (f2) attributes.fuel2 = Number(f2[1]);
  if (temperature !== undefined && /^[-+]?\d+$/.test(temperature)) attributes.temp1 = Number(temperature);
  return attributes;
}
