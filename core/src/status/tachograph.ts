import { numberAttr } from './attributes';
import type { AttributeBag } from './types';

export type TachoActivity = 'rest' | 'available' | 'work' | 'driving' | 'error' | 'unavailable';

/** Tachograph activity codes (document 1 §2); values are translation keys. */
export const TACHO_ACTIVITIES: Readonly<Record<number, TachoActivity>> = {
  0: 'rest',
  1: 'available',
  2: 'work',
  3: 'driving',
  6: 'error',
  7: 'unavailable',
};

/** The tachograph panel is shown when io48 is above 0. */
export function hasTachograph(positionAttributes: AttributeBag): boolean {
  const io48 = numberAttr(positionAttributes.io48);
  return io48 !== undefined && io48 > 0;
}

/** Undefined for codes outside the table (4 and 5 are not used). */
export function tachoActivity(code: unknown): TachoActivity | undefined {
  const n = numberAttr(code);
  return n === undefined ? undefined : TACHO_ACTIVITIES[n];
}
