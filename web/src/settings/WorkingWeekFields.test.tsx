import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { DEFAULT_WORKING_WEEK } from '@frota/core';
import { WorkingWeekFields } from './WorkingWeekFields';

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;

describe('working week fields', () => {
  it('grey out the hours of a day off, unless an hour there needs fixing', () => {
    const { rerender } = render(
      <WorkingWeekFields value={DEFAULT_WORKING_WEEK} onChange={() => undefined} />,
    );
    expect(input('week-weekdays_start').disabled).toBe(false);
    expect(input('week-saturday_end').disabled).toBe(false);
    expect(input('week-sunday_start').disabled).toBe(true);
    expect(input('week-sunday_end').value).toBe('13:00');
    rerender(
      <WorkingWeekFields
        value={{ ...DEFAULT_WORKING_WEEK, sunday_end: '25:00' }}
        onChange={() => undefined}
      />,
    );
    expect(input('week-sunday_start').disabled).toBe(true);
    expect(input('week-sunday_end').disabled).toBe(false);
  });
});
