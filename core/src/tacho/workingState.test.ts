import { describe, expect, it } from 'vitest';
import {
  cardActivityState,
  normalizeWorkingState,
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
  it('maps the firmware numbering 4/5 to 6/7', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(normalizeWorkingState)).toEqual([0, 1, 2, 3, 6, 7, 6, 7]);
    expect(normalizeWorkingState('5')).toBe(7);
    expect(normalizeWorkingState(8)).toBeUndefined();
    expect(normalizeWorkingState(undefined)).toBeUndefined();
  });
  it('maps the driver card activities', () => {
    expect((['rest', 'available', 'work', 'driving'] as const).map(cardActivityState)).toEqual([0, 1, 2, 3]);
  });
});
