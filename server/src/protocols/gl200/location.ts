import { kmhToKnots } from '@frota/core/units';
import type { PositionFix } from '../framed/codec';
import { num, sendTime, utcTime, type Gl200Fields } from './fields';

/** One location block of a message: `accuracy,speed,course,altitude,lon,lat,time,[wifi],mcc,mnc,lac,cell,…`. */
export interface LocationBlock {
  fix: PositionFix;
  /** index of the block's first field (the GPS accuracy) */
  start: number;
  /** index of the first field after the block: its cell, append mask, satellites and trigger included */
  end: number;
}

const COORDINATE = /^-?\d{1,3}\.\d{6}$/;
const MAC = /^[0-9A-Fa-f]{12}$/;
const APPEND_MASK = /^([0-9A-Fa-f]{2})?$/;
/** Device types (first two digits of the protocol version) that put the GSM signal after the cell. */
const SIGNAL_AFTER_CELL = new Set(['11', '40', '44', '52', '55', 'DE']);

/**
 * Every location block of a message, found by its anchor (longitude, latitude, UTC time) rather than
 * by position, since the fields before it differ between device types and protocol versions. A block
 * without a fix (empty coordinates) is left out: there is no position to store.
 */
export function findLocations(fields: Gl200Fields): LocationBlock[] {
  const v = fields.values;
  const blocks: LocationBlock[] = [];
  // the last two fields are the send time and the count number
  for (let i = fields.idIndex + 5; i + 2 < v.length - 2; i++) {
    if (!COORDINATE.test(v[i]) || !COORDINATE.test(v[i + 1])) continue;
    const block = decodeBlock(fields, i);
    if (!block) continue;
    blocks.push(block);
    i = block.end - 1;
  }
  return blocks;
}

/** The block whose longitude is at `lon`; undefined when its time or coordinates are not usable. */
function decodeBlock(fields: Gl200Fields, lon: number): LocationBlock | undefined {
  const v = fields.values;
  const longitude = Number(v[lon]);
  const latitude = Number(v[lon + 1]);
  const fixTime = utcTime(v[lon + 2]);
  if (!fixTime || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  const start = lon - 4;
  // GPS accuracy: 0 when the device has no fix and repeats its last known one
  const accuracy = num(v[start]);
  const attributes: Record<string, unknown> = {};
  if (accuracy !== undefined) attributes.hdop = accuracy;

  let k = lon + 3;
  const wifi = num(v[k]);
  if (wifi !== undefined && MAC.test(v[k + 1] ?? '')) k += 1 + 5 * wifi; // mac,rssi,,, per access point
  k += 4; // mcc, mnc, lac, cell id
  if (SIGNAL_AFTER_CELL.has(fields.version.slice(0, 2))) {
    k += 2; // csq rssi, csq ber
  } else if (k < v.length - 2 && APPEND_MASK.test(v[k])) {
    const mask = v[k] === '' ? 0 : parseInt(v[k], 16);
    k++;
    if (mask & 1) {
      if (/^\d{1,2}$/.test(v[k] ?? '')) attributes.sat = Number(v[k]);
      k++;
    }
    if (mask & 2) k++; // trigger type
  }

  return {
    start,
    end: Math.min(k, v.length - 2),
    fix: {
      fixTime,
      deviceTime: sendTime(fields) ?? fixTime,
      latitude,
      longitude,
      altitude: num(v[lon - 1]) ?? 0,
      speed: kmhToKnots(num(v[lon - 3]) ?? 0),
      course: num(v[lon - 2]) ?? 0,
      valid: accuracy !== 0 && !(latitude === 0 && longitude === 0),
      attributes,
    },
  };
}
