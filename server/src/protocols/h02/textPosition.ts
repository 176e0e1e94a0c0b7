import type { PositionFix } from '../framed/codec';
import { parseCoordinate } from './coordinates';
import { parseStatus, statusAttributes } from './status';
import { utcTime } from './time';

const DECIMAL = /^\d+(\.\d*)?$/;

/** Where the validity field is: two fields before the N/S letter, whose field is two before E/W. */
function validityIndex(fields: string[]): number | undefined {
  for (let k = 3; k + 4 < fields.length; k++) {
    if (/^[NS]$/.test(fields[k + 2]) && /^[EW]$/.test(fields[k + 4])) return k;
  }
  return undefined;
}

/** What a device's V4 answer says: the fields between `V4` and the fix time, less the command's time. */
function answerText(fields: string[], timeIndex: number): string {
  const answer = fields.slice(3, timeIndex);
  if (answer.length > 1 && /^\d{6}$/.test(answer[answer.length - 1])) answer.pop();
  return answer.join(',');
}

/** The extended tail some devices add after the status: odometer, temperature, fuel, altitude, LAC, CID. */
function extendedAttributes(
  rest: string[],
): { attributes: Record<string, unknown>; altitude: number } | undefined {
  const shapes = [/^\d+$/, /^-?\d+$/, /^\d+\.\d+$/, /^-?\d+$/, /^[0-9a-f]+$/i, /^[0-9a-f]+$/i];
  if (rest.length !== shapes.length || !shapes.every((shape, i) => shape.test(rest[i]))) return undefined;
  return {
    attributes: { odometer: Number(rest[0]), temp1: Number(rest[1]), fuel: Number(rest[2]) },
    altitude: Number(rest[3]),
  };
}

export interface TextPosition {
  /** undefined when the frame holds no usable fix (empty or zero coordinates, an impossible date) */
  fix?: PositionFix;
  /** a V4 frame's command answer */
  result?: string;
}

/**
 * The fields of a `V1`-family frame (`V1`, `V2`, `V4`, `V5`, `V6`, `V8`, `V19`, `VI1`, `VP1`...), split
 * at commas, the marker's `*` and the closing `#` removed: [maker, id, type, (answer...,) hhmmss,
 * validity, latitude, N/S, longitude, E/W, speed (knots), course, (battery,) DDMMYY, (3 SIM fields,)
 * status, (extras)]. A missing date means "now"; a missing time, midnight.
 */
export function parseTextPosition(fields: string[], now: Date): TextPosition {
  const k = validityIndex(fields);
  if (k === undefined) return {};
  const result = fields[2] === 'V4' ? answerText(fields, k - 1) : undefined;
  const hhmmss = k - 1 >= 3 && /^\d{6}$/.test(fields[k - 1]) ? fields[k - 1] : '000000';
  const validity = fields[k];
  const latitude = parseCoordinate(fields[k + 1], fields[k + 2], 'lat');
  const longitude = parseCoordinate(fields[k + 3], fields[k + 4], 'lon');
  const speedText = (fields[k + 5] ?? '').trim();
  const courseText = (fields[k + 6] ?? '').trim() || '0';
  if (latitude === undefined || longitude === undefined) return { result };
  if (!DECIMAL.test(speedText) || !DECIMAL.test(courseText)) return { result };

  let dateIndex = k + 7;
  if (/^\d{1,3}$/.test(fields[dateIndex] ?? '') && /^\d{6}$/.test(fields[dateIndex + 1] ?? '')) dateIndex++;
  const date = fields[dateIndex] ?? '';
  const time = date === '' ? now : utcTime(date, hhmmss);
  if (!time) return { result };

  let attributes: Record<string, unknown> = {};
  let altitude = 0;
  const statusIndex = [dateIndex + 1, dateIndex + 4].find((i) => parseStatus(fields[i]) !== undefined);
  if (statusIndex !== undefined) {
    attributes = statusAttributes(parseStatus(fields[statusIndex]) as number);
    const extended = extendedAttributes(fields.slice(statusIndex + 1));
    if (extended) {
      Object.assign(attributes, extended.attributes);
      altitude = extended.altitude;
    }
  }
  if (result !== undefined) attributes.result = result;
  return {
    result,
    fix: {
      fixTime: time,
      deviceTime: time,
      latitude,
      longitude,
      altitude,
      speed: Number(speedText),
      course: Number(courseText),
      valid: validity === 'A' || /^\d+$/.test(validity),
      attributes,
    },
  };
}
