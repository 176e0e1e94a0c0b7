/**
 * `lastignition`: when the ignition last went on; `lastdriving`: when the vehicle was last seen driving
 * (ignition on and above 3 km/h). Both carried forward from record to record (ISO text).
 */
import { knotsToKmh } from '@frota/core';
import { boolAttr, type DeviceState } from '../deviceState';
import type { ProcessedPosition } from '../types';

export const DRIVING_KMH = 3;

export function applyIgnition(state: DeviceState, p: ProcessedPosition): void {
  const last = state.last?.attributes ?? {};
  const ignition = boolAttr(p.attributes.ignition);
  if (ignition === undefined && last.ignition !== undefined) p.attributes.ignition = last.ignition;
  const on = boolAttr(p.attributes.ignition) === true;
  const wasOn = boolAttr(last.ignition) === true;
  const at = new Date(p.fixTime).toISOString();
  p.attributes.lastignition = on && (!wasOn || !last.lastignition) ? at : (last.lastignition ?? null);
  p.attributes.lastdriving = on && knotsToKmh(p.speed) > DRIVING_KMH ? at : (last.lastdriving ?? null);
  if (p.attributes.lastignition === null) delete p.attributes.lastignition;
  if (p.attributes.lastdriving === null) delete p.attributes.lastdriving;
}
