import { numberAttr } from '../status/attributes';
import { TACHO_ACTIVITIES, type TachoActivity } from '../status/tachograph';

/**
 * The driver's working state (document 3 §4, `working_state`): the FMS/tachograph 3-bit value. 4 and 5 are
 * unused by the standard; some tracker firmware sends error and not-available as 4 and 5 instead of 6 and 7.
 */
export type WorkingState = 0 | 1 | 2 | 3 | 6 | 7;

export const WORKING_STATES: readonly WorkingState[] = [0, 1, 2, 3, 6, 7];

export const WORKING_STATE = {
  rest: 0,
  available: 1,
  work: 2,
  driving: 3,
  error: 6,
  unavailable: 7,
} as const satisfies Record<TachoActivity, WorkingState>;

/** Document 3 §4, verbatim. 4 and 5 show blank. */
export const WORKING_STATE_LABELS: Readonly<Record<WorkingState, string>> = {
  0: 'Descanso',
  1: 'Disponível',
  2: 'Trabalho',
  3: 'Condução',
  6: 'Erro',
  7: 'Indisponível',
};

export type WorkingStateColor = 'yellow' | 'blue' | 'green' | 'red';

/** Document 3 §4: the activity chip's colour. */
export const WORKING_STATE_COLORS: Readonly<Record<WorkingState, WorkingStateColor>> = {
  0: 'yellow',
  1: 'blue',
  2: 'green',
  3: 'green',
  6: 'red',
  7: 'red',
};

/** The state a tracker reports, as a documented value: firmware 4/5 become 6/7; anything else is undefined. */
export function normalizeWorkingState(value: unknown): WorkingState | undefined {
  const n = numberAttr(value);
  if (n === 4) return 6;
  if (n === 5) return 7;
  return n !== undefined && (WORKING_STATES as readonly number[]).includes(n)
    ? (n as WorkingState)
    : undefined;
}

/** The grid label of a stored state; blank for 4, 5 and anything outside the table (document 3 §4). */
export function workingStateLabel(state: unknown): string {
  const n = numberAttr(state);
  return n !== undefined && n in WORKING_STATE_LABELS ? WORKING_STATE_LABELS[n as WorkingState] : '';
}

/** The chip colour of a stored state, or undefined where the label is blank. */
export function workingStateColor(state: unknown): WorkingStateColor | undefined {
  const n = numberAttr(state);
  return n !== undefined && n in WORKING_STATE_COLORS ? WORKING_STATE_COLORS[n as WorkingState] : undefined;
}

/** The activity key (also the web's translation key) of a state. */
export const workingStateActivity = (state: WorkingState): TachoActivity => TACHO_ACTIVITIES[state];

/** Activities a driver card records (Annex 1B/1C `ActivityChangeInfo`: 00 rest, 01 available, 10 work, 11 driving). */
export type CardActivity = 'rest' | 'available' | 'work' | 'driving';

export const cardActivityState = (activity: CardActivity): WorkingState => WORKING_STATE[activity];
