import type { DddActivity, DddActivityChange } from './types';

const ACTIVITIES: readonly DddActivity[] = ['rest', 'available', 'work', 'driving'];

/**
 * ActivityChangeInfo (data dictionary 2.1), 16 bits `s c p aa ttttttttttt` from the most significant:
 * s slot (0 driver, 1 co-driver), c crew, p card not inserted, aa activity, t minute of the day (11 bits).
 */
export function decodeActivityChange(word: number): DddActivityChange {
  return {
    slot: (word >> 15) & 1 ? 1 : 0,
    crew: ((word >> 14) & 1) === 1,
    cardPresent: ((word >> 13) & 1) === 0,
    activity: ACTIVITIES[(word >> 11) & 3],
    minute: word & 0x7ff,
  };
}

export function encodeActivityChange(change: DddActivityChange): number {
  return (
    (change.slot << 15) |
    ((change.crew ? 1 : 0) << 14) |
    ((change.cardPresent ? 0 : 1) << 13) |
    (ACTIVITIES.indexOf(change.activity) << 11) |
    (change.minute & 0x7ff)
  );
}
