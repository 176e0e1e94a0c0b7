import { describe, expect, it } from 'vitest';
import {
  cardActivityState,
  isWorkingState,
  REPORTED_WORKING_STATES,
  reportedWorkingState,
  workingStateActivity,
  workingStateColor,
  workingStateLabel,
  WORKING_STATES,
} from './workingState';

describe('working states (document 3 §4)', () => {
  it('labels and colours every state', () => {
    expect(WORKING_STATES.map(workingStateLabel)).toEqual([
      'Descanso',
      'Disponível',
      'Trabalho',
      'Condução',
      'Erro',
      'Indisponível',
    ]);
    expect(WORKING_STATES.map(workingStateColor)).toEqual(['yellow', 'blue', 'green', 'green', 'red', 'red']);
    expect(WORKING_STATES.map(workingStateActivity)).toEqual([
      'rest',
      'available',
      'work',
      'driving',
      'error',
      'unavailable',
    ]);
  });
  it('shows 4, 5 and unknown values blank', () => {
    expect([4, 5, 8, null, 'x'].map(workingStateLabel)).toEqual(['', '', '', '', '']);
    expect(workingStateColor(4)).toBeUndefined();
    expect(workingStateLabel('3')).toBe('Condução');
  });
  it('keeps a reported 4 and 5 as they are, not as 6 and 7, and refuses values outside 0–7', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(reportedWorkingState)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(reportedWorkingState('4')).toBe(4);
    expect(reportedWorkingState('5')).toBe(5);
    expect([8, -1, 2.5, '', 'x', null, undefined].map(reportedWorkingState)).toEqual(
      Array(7).fill(undefined),
    );
  });
  it('tells the six labelled states from the blank 4 and 5', () => {
    expect(REPORTED_WORKING_STATES.filter(isWorkingState)).toEqual(WORKING_STATES);
    expect(REPORTED_WORKING_STATES.map((s) => workingStateLabel(s) !== '')).toEqual(
      REPORTED_WORKING_STATES.map(isWorkingState),
    );
  });
  it('maps the driver card activities', () => {
    expect((['rest', 'available', 'work', 'driving'] as const).map(cardActivityState)).toEqual([0, 1, 2, 3]);
  });
});
