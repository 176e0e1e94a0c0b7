import { boolAttr } from './attributes';
import type { AttributeBag } from './types';

export type ImmobilizationState = 'on' | 'off' | 'unknown';

/**
 * Blocked ('on') when the last command answer contains DOUT1:1 or output 1 is set; unblocked ('off') when
 * the answer contains DOUT1:0; otherwise unknown. The rules apply in that order (document 1 §4).
 */
export function immobilizationState(
  positionAttributes: AttributeBag | null | undefined,
): ImmobilizationState {
  if (!positionAttributes) return 'unknown';
  const result = typeof positionAttributes.result === 'string' ? positionAttributes.result.toUpperCase() : '';
  if (result.includes('DOUT1:1') || boolAttr(positionAttributes.out1)) return 'on';
  if (result.includes('DOUT1:0')) return 'off';
  return 'unknown';
}
