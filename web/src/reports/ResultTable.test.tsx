import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import '../app/i18n';
import { numberFormatter } from './cellFormat';
import { tableModel, type ReportResult } from './resultModel';
import { ResultTable } from './ResultTable';
import { failureText } from './runReport';
import { ApiError } from '../api/client';
import { asPhone } from '../common/testPhone';

const formatters = { number: numberFormatter('pt'), currencySymbol: 'Kz' };

const performance: ReportResult = {
  title: 'Desempenho',
  subtitle: '01/03/2026 00:00:00 - 31/03/2026 23:59:59',
  pre_header: [
    { text: 'Veículo', colspan: 2 },
    { text: 'Resultado', colspan: 2 },
  ],
  header: ['', 'Veículo', 'Custo', 'Desempenho (%)'],
  data_types: ['hidden', 'text', 'number', 'number'],
  data_format: ['', '', 'currency', ''],
  data: Array.from({ length: 60 }, (_, i) => [i, `V${String(i).padStart(2, '0')}`, 1000 + i, i * 1.5]),
  footer: [[null, 'Total', 61770, null]],
};

const rows = () => screen.getAllByTestId('report-row');

afterEach(cleanup);

describe('ResultTable', () => {
  it('shows pre-header spans over the visible columns, 50 rows a page and the footer', () => {
    render(<ResultTable model={tableModel(performance)} formatters={formatters} performance />);
    const preHeader = screen.getByTestId('report-pre-header');
    const spans = within(preHeader)
      .getAllByRole('columnheader')
      .map((cell) => [cell.textContent, cell.getAttribute('colspan')]);
    expect(spans).toEqual([
      ['Veículo', '1'],
      ['Resultado', '2'],
    ]);
    expect(rows()).toHaveLength(50);
    expect(screen.getByTestId('report-footer').textContent).toContain('Total');
    expect(rows()[0].textContent).toBe('V001\u00a0000,00 Kz0');
  });

  it('colours performance rows by the last column: 80 green, 50 yellow, below red', () => {
    render(<ResultTable model={tableModel(performance)} formatters={formatters} performance />);
    const colours = rows().map((row) => row.getAttribute('data-colour'));
    expect(colours[0]).toBe('red');
    expect(colours[33]).toBe('red');
    expect(colours[34]).toBe('yellow');
    expect(colours[49]).toBe('yellow');
    fireEvent.click(screen.getAllByTestId('report-sort')[2]);
    fireEvent.click(screen.getAllByTestId('report-sort')[2]);
    expect(rows()[0].getAttribute('data-colour')).toBe('green');
    expect(rows()[0].textContent).toContain('V59');
  });

  it('leaves rows uncoloured outside the performance report, searches and pages', () => {
    render(<ResultTable model={tableModel(performance)} formatters={formatters} />);
    expect(rows()[0].getAttribute('data-colour')).toBeNull();
    fireEvent.change(screen.getByTestId('list-search'), { target: { value: 'v05' } });
    expect(rows().map((row) => row.textContent?.slice(0, 3))).toEqual(['V05']);
    fireEvent.change(screen.getByTestId('list-search'), { target: { value: '1059' } });
    expect(rows().map((row) => row.textContent?.slice(0, 3))).toEqual(['V59']);
    fireEvent.change(screen.getByTestId('list-search'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: /seguinte|next/i }));
    expect(rows()).toHaveLength(10);
  });
});

describe('failureText', () => {
  it('reads as cards on a phone: the first column as the title, every other value labelled, totals last', async () => {
    const trips: ReportResult = {
      title: 'Viagens - Camião 1',
      subtitle: '',
      header: ['Início', 'Destino', 'Distância (km)', 'Excesso', 'Condutor'],
      data_types: ['datetime', 'text', 'number', 'number', 'text'],
      data_format: ['', '', '', 'red', ''],
      data: [
        ['10/03/2026 08:00:00', 'Viana, Luanda, AO', 12.5, 2, 'João'],
        ['10/03/2026 09:00:00', 'Cacuaco, Luanda, AO', 3, 0, null],
      ],
      footer: [['Total', null, 15.5, 2, null]],
    };
    await asPhone(async () => {
      render(<ResultTable model={tableModel(trips)} formatters={formatters} />);
      // two rows and the totals
      expect(screen.getByTestId('report-cards').childElementCount).toBe(3);
      expect(screen.queryByRole('table')).toBeNull();
      const [first, second] = rows();
      const pairs = (card: HTMLElement) =>
        [...card.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
      expect(first!.querySelector('h6, .MuiTypography-subtitle2')?.textContent).toBe('10/03/2026 08:00:00');
      expect(pairs(first!)).toEqual([
        ['Destino', 'Viana, Luanda, AO'],
        ['Distância (km)', '12,5'],
        ['Excesso', '2'],
        ['Condutor', 'João'],
      ]);
      // an empty value leaves its label out
      expect(pairs(second!).map(([label]) => label)).toEqual(['Destino', 'Distância (km)', 'Excesso']);
      expect(pairs(screen.getByTestId('report-footer'))).toEqual([
        ['Distância (km)', '15,5'],
        ['Excesso', '2'],
      ]);
    });
  });

  it('shows the server message of a refused report, else the status', () => {
    expect(
      failureText(new ApiError(400, 'Bad Request', 'Por favor seleccione os veículos pretendidos')),
    ).toBe('Por favor seleccione os veículos pretendidos');
    expect(failureText(new ApiError(502, 'Bad Gateway', '<html>proxy</html>'))).toBe(
      'Error 502: Bad Gateway',
    );
    expect(failureText(new Error('offline'))).toBe('offline');
  });
});
