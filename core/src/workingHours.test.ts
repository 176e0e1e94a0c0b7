import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKING_WEEK, invalidWorkTime, invalidWorkTimeMessage } from './workingHours';

const week = { ...DEFAULT_WORKING_WEEK };

describe('working hours', () => {
  it('accepts HH:MM from 00:00 to 23:59, surrounding blanks ignored', () => {
    expect(invalidWorkTime(week)).toBeNull();
    expect(invalidWorkTime({ ...week, weekdays_start: '00:00', weekdays_end: ' 23:59 ' })).toBeNull();
  });

  it('answers the first time that is not HH:MM 24 h, trimmed', () => {
    for (const bad of ['24:00', '12:60', '9:00', '9h', '0900', '09:00:00', 'abc'])
      expect(invalidWorkTime({ ...week, saturday_end: bad })).toBe(bad);
    expect(invalidWorkTime({ ...week, weekdays_start: ' 25:00 ', sunday_end: 'x' })).toBe('25:00');
  });

  it('allows a blank time only on a day off', () => {
    expect(invalidWorkTime({ ...week, sunday: false, sunday_start: '' })).toBeNull();
    expect(invalidWorkTime({ ...week, sunday: true, sunday_start: '' })).toBe('');
  });

  it('checks only the times given, and nothing when there is no week', () => {
    expect(invalidWorkTime({ saturday: true, saturday_end: '18:30' })).toBeNull();
    expect(invalidWorkTime({ saturday: true, saturday_end: null })).toBeNull();
    for (const none of [undefined, null, '09:00', 7]) expect(invalidWorkTime(none)).toBeNull();
  });

  it('words the refusal as document 1 §5', () => {
    expect(invalidWorkTimeMessage('25:00')).toBe('Hora de trabalho inválida: 25:00');
  });
});
