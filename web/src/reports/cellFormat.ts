/** How a report cell is shown: numbers in the interface language, currency, colours and borders per column. */
import { formatNumberIn } from '@frota/core';
import { formatCurrency } from '../common/formatters';
import type { Cell, TableColumn } from './resultModel';

/** Numbers as the language writes them, Latin digits, up to 3 decimals (the server already rounded). */
export function numberFormatter(language: string): (value: number) => string {
  return (value) => formatNumberIn(language, value, { min: 0, max: 3 });
}

export interface CellFormatters {
  number: (value: number) => string;
  currencySymbol: string;
}

export function cellText(
  cell: Cell,
  column: Pick<TableColumn, 'format' | 'type'>,
  f: CellFormatters,
): string {
  if (cell === null || cell === undefined) return '';
  if (column.format === 'currency') return formatCurrency(cell, f.currencySymbol);
  if (typeof cell === 'number') return f.number(cell);
  return String(cell);
}

const isZero = (cell: Cell) =>
  cell === null || cell === '' || cell === 0 || cell === '0' || cell === '00:00:00' || cell === '0,0';

/** `red`: red text; `red_gray`: red when there is something, grey when empty or zero; `column`: bold. */
/** The text colour of each cell tone. */
export const TONE_COLOURS = { red: 'error.main', gray: 'text.disabled', bold: undefined } as const;

export function cellTone(cell: Cell, format: string): 'red' | 'gray' | 'bold' | null {
  switch (format) {
    case 'red':
      return isZero(cell) ? null : 'red';
    case 'red_gray':
      return isZero(cell) ? 'gray' : 'red';
    case 'column':
      return 'bold';
    default:
      return null;
  }
}

/** `data_borders` sides ("T,R,B,L") as CSS borders; right and left follow the writing direction. */
export function bordersStyle(borders: string, colour = 'rgba(0,0,0,0.6)'): Record<string, string> {
  const sides = new Set(
    borders
      .toUpperCase()
      .split(/[\s,]+/)
      .filter(Boolean),
  );
  const line = `1px solid ${colour}`;
  const style: Record<string, string> = {};
  if (sides.has('T')) style.borderTop = line;
  if (sides.has('B')) style.borderBottom = line;
  if (sides.has('R')) style.borderInlineEnd = line;
  if (sides.has('L')) style.borderInlineStart = line;
  return style;
}

/** Number-like columns align to the end of the cell. */
export const alignEnd = (column: Pick<TableColumn, 'type' | 'format'>): boolean =>
  column.type === 'number' ||
  column.type === 'integer' ||
  column.type === 'duration' ||
  column.format === 'currency';

/** A share in percent with exactly one decimal, as the language writes it. */
export function percentFormatter(language: string): (value: number) => string {
  return (value) => `${formatNumberIn(language, value, 1)}%`;
}
