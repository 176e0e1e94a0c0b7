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
  // the record's time as text only when it is written (ignition off: most records of a parked fleet)
  let at: string | undefined;
  const now = () => (at ??= new Date(p.fixTime).toISOString());
  p.attributes.lastignition = on && (!wasOn || !last.lastignition) ? now() : (last.lastignition ?? null);
  p.attributes.lastdriving = on && knotsToKmh(p.speed) > DRIVING_KMH ? now() : (last.lastdriving ?? null);
  if (p.attributes.lastignition === null) delete p.attributes.lastignition;
  if (p.attributes.lastdriving === null) delete p.attributes.lastdriving;
}
