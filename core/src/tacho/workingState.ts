import { numberAttr } from '../status/attributes';
import { TACHO_ACTIVITIES, type TachoActivity } from '../status/tachograph';

/**
 * The driver's working state (document 3 §4, `working_state`): the FMS/tachograph 3-bit value. These six have
 * a label and a colour; 4 and 5, unused by the standard, show blank (`ReportedWorkingState`).
 */
export type WorkingState = 0 | 1 | 2 | 3 | 6 | 7;

export const WORKING_STATES: readonly WorkingState[] = [0, 1, 2, 3, 6, 7];

/**
 * A working state as a tracker reported it: any 3-bit value. 4 and 5 are kept as reported (some firmware
 * may mean error and not available by them, but document 3 §4 shows them blank): stored, sent to the client
 * and shown without a label or colour; the counters count them as unknown time, as they count 6 and 7.
 */
export type ReportedWorkingState = WorkingState | 4 | 5;

export const REPORTED_WORKING_STATES: readonly ReportedWorkingState[] = [0, 1, 2, 3, 4, 5, 6, 7];

/** Whether a reported state is one of the six with a label and a colour (not 4 or 5). */
export const isWorkingState = (state: ReportedWorkingState): state is WorkingState =>
  state !== 4 && state !== 5;

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

/** The state a tracker reports (a number or its text), kept as it is when 0–7, 4 and 5 included; else undefined. */
export function reportedWorkingState(value: unknown): ReportedWorkingState | undefined {
  const n = numberAttr(value);
  return REPORTED_WORKING_STATES.find((state) => state === n);
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
