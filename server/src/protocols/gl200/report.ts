import type { PositionFix } from '../framed/codec';
import { hourMeter, num, type Gl200Fields } from './fields';
import { findLocations } from './location';
import { applyDeviceStatus } from './status';

const DECIMAL = /^\d+\.\d+$/;
const DEVICE_STATUS = /^[0-9A-Fa-f]{6}$/;

/**
 * A fixed report (GTFRI, and the reports laid out like it: GTRTL, GTGEO, GTDOG, GTERI): one position
 * per location block. The fields after the last block (odometer, hour meter, battery, device status,
 * fuel) belong to the last position.
 */
export function decodeFixedReport(fields: Gl200Fields): PositionFix[] {
  const blocks = findLocations(fields);
  if (blocks.length === 0) return [];
  const v = fields.values;
  const last = blocks[blocks.length - 1];
  const attributes = last.fix.attributes;

  // external power in millivolts, three fields before the first block (after it: report type, number)
  const power = num(v[blocks[0].start - 3]);
  if (power !== undefined && power > 10 && Number.isInteger(power)) attributes.power = power / 1000;

  let k = last.end;
  if (DECIMAL.test(v[k])) attributes.odometer = Math.round(Number(v[k]) * 1000); // km
  const hours = hourMeter(v[k + 1]);
  if (hours !== undefined) attributes.hours = hours;

  const tailEnd = v.length - 2; // send time, count number
  let status = -1;
  for (let i = k + 1; i < tailEnd; i++) {
    if (DEVICE_STATUS.test(v[i])) {
      status = i;
      break;
    }
  }
  if (status >= 0) {
    // GV series: …,battery %,device status,rpm,fuel consumption,fuel level,…
    applyDeviceStatus(attributes, v[status]);
    const level = v[status - 1];
    if (/^\d{1,3}$/.test(level)) attributes.batteryLevel = Number(level);
    // GTERI puts its accessory data after the status instead
    const fuel = v[status + 3];
    if (fields.type !== 'ERI' && status + 3 < tailEnd && /^\d{1,3}$/.test(fuel))
      attributes.fuel = Number(fuel);
  } else {
    // GL series: the battery percentage just before the send time
    k = tailEnd - 1;
    if (k >= last.end && /^\d{1,3}$/.test(v[k])) attributes.batteryLevel = Number(v[k]);
  }
  return blocks.map((block) => block.fix);
}
