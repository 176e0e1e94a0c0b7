/** Distance from the previous valid fix and the odometer (`totalDistance`, metres). */
import { haversineDistance } from '@frota/core';
import { numberAttr, type DeviceState } from '../deviceState';
import type { ProcessedPosition } from '../types';

/** Jumps longer than this between two fixes are GPS errors, not travel. */
export const MAX_JUMP_M = 100_000;

export function applyDistance(state: DeviceState, p: ProcessedPosition): void {
  const last = state.last;
  const previousTotal =
    numberAttr(last?.attributes.totalDistance) ?? numberAttr(state.attributes.totalDistance) ?? 0;
  let distance = 0;
  if (last && p.valid && last.valid) {
    const d = haversineDistance(last, p);
    distance = d < MAX_JUMP_M ? d : 0;
  }
  p.attributes.distance = Math.round(distance * 100) / 100;
  p.attributes.totalDistance = Math.round((previousTotal + distance) * 100) / 100;
}
