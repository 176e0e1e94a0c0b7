import type { PositionFix } from '../framed/codec';
import { hourMeter, num, type Gl200Fields } from './fields';
import { findLocations } from './location';

/**
 * GTIGN / GTIGF (and GTVGN / GTVGF, the virtual ignition): the ignition turned on or off, with the
 * duration of the previous state, one location block, then the hour meter and the odometer (km).
 */
export function decodeIgnition(fields: Gl200Fields): PositionFix[] {
  const block = findLocations(fields)[0];
  if (!block) return [];
  const v = fields.values;
  const attributes = block.fix.attributes;
  attributes.ignition = fields.type === 'IGN' || fields.type === 'VGN';
  const hours = hourMeter(v[block.end]);
  if (hours !== undefined) attributes.hours = hours;
  const odometer = num(v[block.end + 1]);
  if (block.end + 1 < v.length - 2 && odometer !== undefined) {
    attributes.odometer = Math.round(odometer * 1000);
  }
  return [block.fix];
}
