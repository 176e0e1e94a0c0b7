import { kmhToKnots } from '@frota/core/units';
import type { PositionFix } from '../framed/codec';
import type { RecordError } from './answers';
import { isAbsent, readCoordinate, readDecimal, readTime, readUnsigned } from './fields';
import { applyParams, parseParams } from './params';
import { setAttribute } from '../../db/attributeSet';

export type RecordResult = { ok: true; fix: PositionFix } | { ok: false; error: RecordError };

/** date;time;lat;N|S;lon;E|W;speed;course;altitude;sats */
export const SHORT_FIELDS = 10;
/** the short fields, then hdop;inputs;outputs;adc;ibutton;params */
export const FULL_FIELDS = 16;

const MAX_SATELLITES = 255;
const MAX_MASK = 0xffffffff;
/** inputs and outputs are reported as at least this many bits (in1..in8), more when a higher bit is set */
const MIN_MASK_BITS = 8;

const fail = (error: RecordError): RecordResult => ({ ok: false, error });

/** Sets `{prefix}1..N` from a bit mask, bit 0 being number 1. */
function setBits(attributes: Record<string, unknown>, prefix: string, mask: number): void {
  const bits = Math.max(MIN_MASK_BITS, mask.toString(2).length);
  for (let bit = 0; bit < bits; bit++)
    setAttribute(attributes, `${prefix}${bit + 1}`, Math.floor(mask / 2 ** bit) % 2 === 1);
}

type Extended = { error: RecordError } | { accuracy?: number };

/** The extended fields (hdop to params) into the attributes; an error names the field that failed. */
function readExtended(fields: string[], attributes: Record<string, unknown>): Extended {
  const [hdopField, inputsField, outputsField, adcField, ibutton, paramsField] = fields.slice(SHORT_FIELDS);
  const hdop = readDecimal(hdopField);
  if (hdop === undefined || (hdop !== null && hdop < 0)) return { error: 'satellites' };
  if (hdop !== null) attributes.hdop = hdop;
  const inputs = readUnsigned(inputsField, MAX_MASK);
  const outputs = readUnsigned(outputsField, MAX_MASK);
  if (inputs === undefined || outputs === undefined) return { error: 'io' };
  if (inputs !== null) setBits(attributes, 'in', inputs);
  if (outputs !== null) setBits(attributes, 'out', outputs);
  if (!isAbsent(adcField)) {
    const values = adcField.split(',').map(readDecimal);
    if (values.some((value) => value === undefined)) return { error: 'adc' };
    values.forEach((value, i) => {
      if (value !== null && value !== undefined) setAttribute(attributes, `adc${i + 1}`, value);
    });
  }
  if (!isAbsent(ibutton)) attributes.driverUniqueId = ibutton;
  const params = parseParams(paramsField);
  if (!params) return { error: 'params' };
  return { accuracy: applyParams(params, attributes) };
}

/**
 * One data record, short (10 fields) or extended (16), without its CRC. Absent coordinates give a fix
 * marked invalid at (0, 0), as other protocols report no fix; absent date and time give `now`.
 */
export function decodeRecord(fields: string[], now: Date): RecordResult {
  if (fields.length !== SHORT_FIELDS && fields.length !== FULL_FIELDS) return fail('structure');
  const [
    date,
    time,
    lat,
    latHemisphere,
    lon,
    lonHemisphere,
    speedField,
    courseField,
    altitudeField,
    satsField,
  ] = fields;
  const fixTime = readTime(date, time, now);
  if (!fixTime) return fail('time');
  const latitude = readCoordinate(lat, latHemisphere, 'lat');
  const longitude = readCoordinate(lon, lonHemisphere, 'lon');
  if (latitude === undefined || longitude === undefined || (latitude === null) !== (longitude === null))
    return fail('coordinates');
  const speed = readDecimal(speedField);
  const course = readDecimal(courseField);
  const altitude = readDecimal(altitudeField);
  if (speed === undefined || course === undefined || altitude === undefined) return fail('motion');
  if ((speed !== null && speed < 0) || (course !== null && (course < 0 || course > 360)))
    return fail('motion');
  const satellites = readUnsigned(satsField, MAX_SATELLITES);
  if (satellites === undefined) return fail('satellites');

  const attributes: Record<string, unknown> = {};
  if (satellites !== null) attributes.sat = satellites;
  let accuracy: number | undefined;
  if (fields.length === FULL_FIELDS) {
    const extended = readExtended(fields, attributes);
    if ('error' in extended) return fail(extended.error);
    accuracy = extended.accuracy;
  }
  const located = latitude !== null && longitude !== null;
  const fix: PositionFix = {
    fixTime,
    deviceTime: new Date(fixTime.getTime()),
    latitude: latitude ?? 0,
    longitude: longitude ?? 0,
    altitude: altitude ?? 0,
    speed: kmhToKnots(speed ?? 0),
    course: course ?? 0,
    // a fix from fewer than 3 satellites is not a fix; an unreported count does not void one
    valid: located && (satellites === null || satellites >= 3),
    attributes,
  };
  if (accuracy !== undefined) fix.accuracy = accuracy;
  return { ok: true, fix };
}
