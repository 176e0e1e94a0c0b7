import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { DonutCard, type ColouredSlice } from './DonutCard';

afterEach(cleanup);

const slices: ColouredSlice[] = [
  { key: 'withPosition', label: 'Com posição', value: 3, colour: '#2e7d32' },
  { key: 'withoutPosition', label: 'Sem posição', value: 0, colour: '#9e9e9e' },
];

const card = () => screen.getByTestId('dashboard-vehicles');

describe('DonutCard', () => {
  it('shows the total in the ring and every slice with its count in the legend', () => {
    render(
      <DonutCard
        title="Veículos"
        testId="dashboard-vehicles"
        slices={slices}
        emptyText="Sem veículos"
        loading={false}
      />,
    );
    expect(within(card()).getByRole('heading').textContent).toBe('Veículos');
    expect(card().getAttribute('data-total')).toBe('3');
    expect(within(card()).getByTestId('dashboard-total').textContent).toBe('3');
    const legend = within(card())
      .getAllByTestId('dashboard-legend-item')
      .map((item) => [item.getAttribute('data-key'), item.textContent]);
    expect(legend).toEqual([
      ['withPosition', 'Com posição3'],
      ['withoutPosition', 'Sem posição0'],
    ]);
    expect(within(card()).queryByTestId('dashboard-empty')).toBeNull();
  });

  it('shows the empty text instead of the ring when every count is zero', () => {
    const zero = slices.map((slice) => ({ ...slice, value: 0 }));
    render(
      <DonutCard
        title="Veículos"
        testId="dashboard-vehicles"
        slices={zero}
        emptyText="Sem veículos"
        loading={false}
      />,
    );
    expect(within(card()).getByTestId('dashboard-empty').textContent).toBe('Sem veículos');
    expect(within(card()).queryAllByTestId('dashboard-legend-item')).toEqual([]);
    expect(card().getAttribute('data-total')).toBe('0');
  });

  it('shows a spinner and no figures while loading', () => {
    render(
      <DonutCard title="Veículos" testId="dashboard-vehicles" slices={[]} emptyText="Sem veículos" loading />,
    );
    expect(within(card()).getAllByTestId('dashboard-loading')).toHaveLength(1);
    expect(within(card()).queryByTestId('dashboard-empty')).toBeNull();
    expect(card().getAttribute('data-total')).toBeNull();
    expect(card().getAttribute('aria-busy')).toBe('true');
  });
});
