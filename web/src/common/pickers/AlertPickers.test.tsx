/**
 * The alert, refill and camera centres' date fields in every language (issue 36 point 1): in English the
 * Monday-first copy of dayjs's `en` locale had no formats, and the date field threw a TypeError that took
 * the whole page down.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { ensureLanguage } from '../../app/i18n';
import { AlertPickers } from './AlertPickers';
import { DateRangeFields } from './DateRangeFields';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('pt');
});

describe.each(['pt', 'en', 'es', 'fr', 'ar'] as const)('the centres’ date fields in %s', (language) => {
  it('draws both days as DD/MM/YYYY with weeks from Monday', async () => {
    await ensureLanguage(language);
    await i18n.changeLanguage(language);
    render(
      <AlertPickers>
        <DateRangeFields value={{ from: '2025-03-01', to: '2025-03-31' }} onChange={() => undefined} />
      </AlertPickers>,
    );
    const values = screen
      .getAllByRole('group')
      .map((group) => group.textContent?.replace(/[\u2066-\u2069\u200e\u200f]/g, ''));
    expect(values.some((text) => text?.includes('01/03/2025'))).toBe(true);
    expect(values.some((text) => text?.includes('31/03/2025'))).toBe(true);
  });
});
