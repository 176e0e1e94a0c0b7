/**
 * `lastignition`: when the ignition last went on; `lastdriving`: when the vehicle was last seen driving
 * (ignition on and above 3 km/h). Both carried forward from record to record (ISO text).
 */
import { knotsToKmh } from '@frota/core';
import { setAttribute } from '../../db/attributeSet';
import { isoTime } from '../../db/mapping';
import { boolAttr, type DeviceState } from '../deviceState';
import type { ProcessedPosition } from '../types';

export const DRIVING_KMH = 3;

export function applyIgnition(state: DeviceState, p: ProcessedPosition): void {
  const last = state.last?.attributes ?? {};
  const ignition = boolAttr(p.attributes.ignition);
  if (ignition === undefined && last.ignition !== undefined) p.attributes.ignition = last.ignition;
  const on = boolAttr(p.attributes.ignition) === true;
  const wasOn = boolAttr(last.ignition) === true;
  // the record's time as text only when it is written (ignition off: most records of a parked fleet);
  // no closure for it: this runs for every record
  const starts = on && (!wasOn || !last.lastignition);
  const drives = on && knotsToKmh(p.speed) > DRIVING_KMH;
  const at = starts || drives ? isoTime(p.fixTime) : undefined;
  const lastignition = starts ? at : last.lastignition;
  const lastdriving = drives ? at : last.lastdriving;
  // only set, never set and then deleted: a deleted key turns the record's attributes into a slow
  // dictionary for every later stage and for their JSON text
  setOrClear(p.attributes, 'lastignition', lastignition);
  setOrClear(p.attributes, 'lastdriving', lastdriving);
}

function setOrClear(attributes: Record<string, unknown>, key: string, value: unknown): void {
  if (value !== undefined && value !== null) setAttribute(attributes, key, value);
  else if (key in attributes) delete attributes[key];
}
