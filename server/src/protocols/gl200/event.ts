import type { PositionFix } from '../framed/codec';
import type { Gl200Fields } from './fields';
import { findLocations } from './location';
import { applyMotionState } from './status';

/** Event reports that are alarms, by type, with the alarm names the pipeline reads (Traccar's). */
export const GL200_ALARMS: Record<string, string> = {
  SOS: 'sos',
  EPF: 'powerCut',
  MPF: 'powerCut',
  BPL: 'lowBattery',
  TOW: 'tow',
  JDR: 'jamming',
  JDS: 'jamming',
  SPD: 'overspeed',
};

/**
 * Any other report with a location (GTSOS, GTSTT, GTEPF, GTBPL, …): the first location block, the
 * alarm its type stands for, GTSTT's motion state, and the battery percentage when the field before
 * the send time holds one.
 */
export function decodeEvent(fields: Gl200Fields): PositionFix[] {
  const block = findLocations(fields)[0];
  if (!block) return [];
  const v = fields.values;
  const attributes = block.fix.attributes;
  const alarm = GL200_ALARMS[fields.type];
  if (alarm) attributes.alarm = alarm;
  // GTSTT: …,<device name>,<state>,<accuracy>,… — the state is the field before the block
  if (fields.type === 'STT') applyMotionState(attributes, v[block.start - 1]);
  const level = v[v.length - 3];
  if (v.length - 3 >= block.end && /^\d{1,3}$/.test(level)) attributes.batteryLevel = Number(level);
  return [block.fix];
}
