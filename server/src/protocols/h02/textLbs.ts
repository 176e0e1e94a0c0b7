import { parseStatus, statusAttributes } from './status';
import { utcTime } from './time';

export interface TextLbs {
  /** the frame's time; `now` when it has no usable date */
  time: Date;
  attributes: Record<string, unknown>;
}

const count = (field: string | undefined): number | undefined =>
  field !== undefined && /^\d+$/.test(field) ? Number(field) : undefined;

/**
 * Frames without GPS coordinates: `NBR` (cell towers), `LINK` (signal, satellites, battery %),
 * `V3` (cell towers, battery). All end with DDMMYY and the status word; the time is field 3.
 */
export function parseTextLbs(fields: string[], now: Date): TextLbs {
  const attributes: Record<string, unknown> = {};
  let time = now;
  for (let j = fields.length - 1; j > 4; j--) {
    const status = parseStatus(fields[j]);
    if (status === undefined || !/^\d{6}$/.test(fields[j - 1])) continue;
    Object.assign(attributes, statusAttributes(status));
    time = utcTime(fields[j - 1], fields[3]) ?? now;
    break;
  }
  if (fields[2] === 'LINK') {
    const values = { rssi: count(fields[4]), sat: count(fields[5]), batteryLevel: count(fields[6]) };
    for (const [key, value] of Object.entries(values)) if (value !== undefined) attributes[key] = value;
  }
  return { time, attributes };
}
