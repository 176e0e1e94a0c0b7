import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '../app/i18n';
import { fleetSummary } from './fleetSummary';
import { ReportResults } from './ReportResults';
import { tableModel, type ReportResult } from './resultModel';

const TEXTS = { title: 'Resumo da frota', vehicle: 'Veículo', driver: 'Condutor', counts: 'Resumo' };

const trips = (deviceId: number, name: string, count: number, km: number): ReportResult => ({
  report: 'trips',
  deviceId,
  title: `Viagens - ${name}`,
  subtitle: '27/11/2026 00:00:00 - 27/11/2026 23:59:59',
  subtitle2: `Matrícula: ${name}`,
  header: ['Início', 'Origem', 'Duração', 'Distância (km)', 'Vel. máxima (km/h)', 'Condutor'],
  data_types: ['datetime', 'text', 'duration', 'number', 'number', 'text'],
  data_format: ['', '', '', '', '', ''],
  data: [['27/11/2026 08:00:00', 'Viana', '00:30:00', km, 90, 'Ana']],
  footer: [['Total', `${count} viagens`, '00:30:00', km, 90, '']],
});

afterEach(cleanup);

describe('the fleet summary of a run', () => {
  it('gives one row per vehicle table with its footer’s count and figures', () => {
    const results = [trips(1, 'Camião 1', 3, 41.5), trips(2, 'Camião 2', 1, 12)];
    const summary = fleetSummary(results, results.map(tableModel), TEXTS)!;
    expect(summary.model.columns.map((c) => c.title)).toEqual([
      'Veículo',
      'Resumo',
      'Duração',
      'Distância (km)',
      'Vel. máxima (km/h)',
    ]);
    expect(summary.model.rows).toEqual([
      ['Camião 1', '3 viagens', '00:30:00', 41.5, 90],
      ['Camião 2', '1 viagens', '00:30:00', 12, 90],
    ]);
    expect(summary.tableOf).toEqual([0, 1]);
    expect(summary.model.subtitles).toEqual(['27/11/2026 00:00:00 - 27/11/2026 23:59:59']);
  });

  it('is left out for a single table, tables without footers or of different kinds', () => {
    const one = [trips(1, 'Camião 1', 3, 41.5)];
    expect(fleetSummary(one, one.map(tableModel), TEXTS)).toBeNull();
    const bare = [trips(1, 'A', 1, 1), trips(2, 'B', 1, 1)].map((r) => ({ ...r, footer: [] }));
    expect(fleetSummary(bare, bare.map(tableModel), TEXTS)).toBeNull();
    const mixed = [trips(1, 'A', 1, 1), { ...trips(2, 'B', 1, 1), header: ['x', 'y', 'z', 'w', 'v', 'u'] }];
    expect(fleetSummary(mixed, mixed.map(tableModel), TEXTS)).toBeNull();
  });

  it('names drivers for a run by driver', () => {
    const byDriver = [trips(1, 'Ana', 1, 1), trips(2, 'Rui', 2, 2)].map(({ deviceId: _device, ...r }, i) => ({
      ...r,
      driverId: i + 1,
    }));
    expect(fleetSummary(byDriver, byDriver.map(tableModel), TEXTS)!.model.columns[0]!.title).toBe('Condutor');
  });

  it('sits above the tables and opens a vehicle’s table from its row', () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled(this.id);
    };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReportResults results={[trips(1, 'Camião 1', 3, 41.5), trips(2, 'Camião 2', 1, 12)]} />
      </QueryClientProvider>,
    );
    const summary = screen.getByTestId('report-summary');
    expect(within(summary).getByTestId('report-summary-title').textContent).toBe('Resumo da frota');
    expect(screen.getAllByTestId('report-table')).toHaveLength(2);
    const rows = within(summary).getAllByTestId('report-summary-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Camião 1'),
      expect.stringContaining('Camião 2'),
    ]);
    fireEvent.click(rows[1]!);
    expect(scrolled).toHaveBeenCalledWith('report-result-1');
    // the summary comes first in the page
    const all = screen.getByTestId('report-results');
    expect(all.firstElementChild).toBe(summary.closest('[data-testid="report-summary"]'));
  });
});
