import { describe, expect, it } from 'vitest';
import { bordersStyle, cellText, cellTone, numberFormatter, percentFormatter } from './cellFormat';
import {
  asResults,
  durationSeconds,
  isEmptyAnswer,
  performanceColour,
  pieSlices,
  tableModel,
  visibleRows,
  type ReportResult,
} from './resultModel';
import { tableGrid, tableFileName, toCsv } from './tableExport';

const trips: ReportResult = {
  report: 'trips',
  title: 'Viagens - LD-11-22-AA',
  subtitle: '01/03/2026 00:00:00 - 01/03/2026 23:59:59',
  subtitle2: 'Matrícula: LD-11-22-AA',
  subtitle3: '',
  pre_header: [
    { text: 'Partida', colspan: 3 },
    { text: 'Chegada', colspan: 2 },
    { text: '', colspan: 2 },
  ],
  header: ['', 'Início', 'Origem', 'Fim', 'Destino', 'Duração', 'Distância (km)'],
  data_types: ['hidden', 'datetime', 'text', 'datetime', 'text', 'duration', 'number'],
  data_format: ['', '', '', '', '', '', 'column'],
  data_borders: ['', 'L', '', '', 'R', '', ''],
  data: [
    [11, '02/03/2026 08:00:00', 'Luanda', '02/03/2026 09:00:00', 'Viana', '1:00:00', 12.5],
    [12, '01/03/2026 18:00:00', 'Viana', '01/03/2026 20:30:00', 'Cacuaco', '25:30:00', 120],
    [13, '10/02/2026 07:00:00', 'Benfica', null, null, '0:05:00', 2.25],
  ],
  footer: [[null, 'Total', '3 viagens', null, null, '26:35:00', 134.75]],
  data_pie1: null,
  extra: { separator: true },
};

describe('table model', () => {
  const model = tableModel(trips);
  it('drops technical columns (empty title or hidden type) and shrinks the pre-header spans', () => {
    expect(model.columns.map((c) => c.title)).toEqual([
      'Início',
      'Origem',
      'Fim',
      'Destino',
      'Duração',
      'Distância (km)',
    ]);
    expect(model.columns[0]).toMatchObject({ index: 1, type: 'datetime', borders: 'L' });
    expect(model.preHeader).toEqual([
      { text: 'Partida', colspan: 2 },
      { text: 'Chegada', colspan: 2 },
      { text: '', colspan: 2 },
    ]);
    expect(model.subtitles).toEqual(['01/03/2026 00:00:00 - 01/03/2026 23:59:59', 'Matrícula: LD-11-22-AA']);
    expect(model.separator).toBe(true);
    expect(model.footer).toHaveLength(1);
  });

  it('sorts date-times, durations and numbers by value, empty cells last', () => {
    const by = (column: number, direction: 'asc' | 'desc') =>
      visibleRows(model, '', { column, direction }).map((row) => row[0]);
    expect(by(1, 'asc')).toEqual([13, 12, 11]);
    expect(by(1, 'desc')).toEqual([11, 12, 13]);
    expect(by(5, 'asc')).toEqual([13, 11, 12]);
    expect(by(6, 'desc')).toEqual([12, 11, 13]);
    expect(by(3, 'asc')).toEqual([12, 11, 13]);
    expect(by(3, 'desc')).toEqual([11, 12, 13]);
    expect(by(2, 'asc')).toEqual([13, 11, 12]);
    expect(visibleRows(model, '', null).map((row) => row[0])).toEqual([11, 12, 13]);
  });

  it('searches the visible cells ignoring case and accents', () => {
    expect(visibleRows(model, 'VIANA', null).map((row) => row[0])).toEqual([11, 12]);
    expect(visibleRows(model, 'benfica', null).map((row) => row[0])).toEqual([13]);
    expect(visibleRows(model, '13', null)).toEqual([]);
  });

  it('reads durations past 24 hours', () => {
    expect(durationSeconds('25:30:00')).toBe(91800);
    expect(durationSeconds('-0:01:00')).toBe(-60);
    expect(durationSeconds('abc')).toBeNaN();
  });

  it('treats a non-array answer or tables without rows as empty', () => {
    expect(asResults({ error: 1 })).toEqual([]);
    expect(isEmptyAnswer([])).toBe(true);
    expect(isEmptyAnswer([{ ...trips, data: [] }])).toBe(true);
    expect(isEmptyAnswer([trips])).toBe(false);
    const chart = {
      name: 'A',
      license_plate: 'P',
      total_km: 0,
      average_km: 0,
      data: [{ date: '2026-03-01', km: 0 }],
    };
    expect(isEmptyAnswer([{ ...trips, data: [], chart }])).toBe(false);
  });
});

describe('pie percentages', () => {
  it('computes shares with one decimal when the server gives none', () => {
    expect(
      pieSlices([
        { label: 'Condução', value: 1 },
        { label: 'Ralenti', value: 1 },
        { label: 'Parado', value: 1 },
      ]).map((s) => s.percent),
    ).toEqual([33.3, 33.3, 33.3]);
    expect(
      pieSlices([
        { label: 'a', value: 2 },
        { label: 'b', value: 1 },
      ]).map((s) => s.percent),
    ).toEqual([66.7, 33.3]);
  });
  it('keeps the server percent, drops empty slices, and formats one decimal per language', () => {
    const slices = pieSlices([
      { label: 'Condução', value: 3600, percent: 12.345 },
      { label: 'Parado', value: 0, percent: 0 },
    ]);
    expect(slices).toEqual([{ label: 'Condução', value: 3600, percent: 12.3 }]);
    expect(percentFormatter('pt')(12.3)).toBe('12,3%');
    expect(percentFormatter('en')(50)).toBe('50.0%');
    expect(percentFormatter('ar')(7.25)).toMatch(/^7[.,٫]3%$/);
    expect(pieSlices(null)).toEqual([]);
  });
});

describe('cells', () => {
  const f = { number: numberFormatter('pt'), currencySymbol: 'Kz' };
  it('shows numbers in the language, currency with the client symbol', () => {
    expect(cellText(12.5, { type: 'number', format: '' }, f)).toBe('12,5');
    expect(cellText(1234.5, { type: 'number', format: 'currency' }, f)).toBe('1\u00a0234,50 Kz');
    expect(cellText(null, { type: 'text', format: '' }, f)).toBe('');
    expect(numberFormatter('en')(12.5)).toBe('12.5');
  });
  it('colours red, red_gray and column formats', () => {
    expect(cellTone(15, 'red')).toBe('red');
    expect(cellTone(0, 'red')).toBeNull();
    expect(cellTone('00:00:00', 'red_gray')).toBe('gray');
    expect(cellTone(2, 'red_gray')).toBe('red');
    expect(cellTone('x', 'column')).toBe('bold');
    expect(cellTone('x', '')).toBeNull();
  });
  it('draws the data borders in the writing direction', () => {
    expect(Object.keys(bordersStyle('T,R'))).toEqual(['borderTop', 'borderInlineEnd']);
    expect(Object.keys(bordersStyle('b, l'))).toEqual(['borderBottom', 'borderInlineStart']);
    expect(bordersStyle('')).toEqual({});
  });
  it('colours performance rows: 80 green, 50 to under 80 yellow, under 50 red', () => {
    expect(performanceColour(80)).toBe('green');
    expect(performanceColour('95,5')).toBe('green');
    expect(performanceColour(79.9)).toBe('yellow');
    expect(performanceColour('50%')).toBe('yellow');
    expect(performanceColour(49.99)).toBe('red');
    expect(performanceColour(null)).toBeNull();
    expect(performanceColour('n/a')).toBeNull();
  });
});

describe('table export', () => {
  it('writes the visible columns, rows and footer as RFC 4180 CSV', () => {
    const model = tableModel(trips);
    const grid = tableGrid(model, visibleRows(model, 'viana', null), {
      number: numberFormatter('pt'),
      currencySymbol: '',
    });
    expect(grid[0]).toEqual(['Início', 'Origem', 'Fim', 'Destino', 'Duração', 'Distância (km)']);
    expect(grid).toHaveLength(4);
    expect(toCsv(grid).split('\r\n')[1]).toBe(
      '02/03/2026 08:00:00,Luanda,02/03/2026 09:00:00,Viana,1:00:00,"12,5"',
    );
    expect(toCsv([['a "b"', 'c\nd']])).toBe('"a ""b""","c\nd"\r\n');
    expect(tableFileName('Viagens - LD-11-22-AA')).toBe('Viagens_LD_11_22_AA');
    expect(tableFileName('Condução')).toBe('Conducao');
  });
});
