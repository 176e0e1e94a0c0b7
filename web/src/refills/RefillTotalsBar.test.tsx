import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18n, { ensureLanguage } from '../app/i18n';
import { RefillTotalsBar } from './RefillTotalsBar';

afterEach(cleanup);
const totals = { filledLitres: 14731.09, consumedLitres: 14731.09, consumedKm: 71671, consumedL100km: 20.55 };

describe("the refill centre's totals", () => {
  it('isolates each figure in the direction of its unit, a dot after all but the last', async () => {
    render(<RefillTotalsBar totals={totals} />);
    const consumed = screen.getByTestId('refills-total-consumed');
    expect(consumed.textContent).toBe('Total Consumido: 14\u00a0731,09 L · 71\u00a0671 km · 20,55 L/100km');
    // no figure forced left to right: an Arabic unit takes its own direction (bdi without dir is auto)
    expect([...consumed.querySelectorAll('bdi')].map((b) => b.getAttribute('dir'))).toEqual([null, null, null]);
    // the dot stays on the line of the figure before it, so a wrapped line never starts with one
    const groups = [...consumed.querySelectorAll('strong > span')].map((s) => s.textContent);
    expect(groups).toEqual(['14\u00a0731,09 L ·', '71\u00a0671 km ·', '20,55 L/100km']);
    await ensureLanguage('ar');
    await i18n.changeLanguage('ar');
    try {
      cleanup();
      render(<RefillTotalsBar totals={totals} />);
      const filled = screen.getByTestId('refills-total-filled').querySelector('bdi')!;
      expect([filled.textContent, filled.getAttribute('dir')]).toEqual(['14,731.09 ل', null]);
    } finally {
      await i18n.changeLanguage('pt');
    }
  });
});
