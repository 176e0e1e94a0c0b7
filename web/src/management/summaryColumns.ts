import { createElement, type CSSProperties } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { formatNumber } from '../common/formatters';
import { pluralForm } from '../common/plural';
import { compareText } from '../common/listSearch';
import type { SummaryRow } from './managementApi';
import { summaryReasons, type SummaryReason } from './summaryReasons';

/** The cell's height, its text centred in it (as the other cells' one line) */
const REASON_CELL: CSSProperties = { display: 'flex', alignItems: 'center', height: '100%' };

const REASON_STYLE: CSSProperties = {
  whiteSpace: 'normal',
  lineHeight: 1.25,
  fontSize: '0.8125rem',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
};

type Field = keyof SummaryRow;

/** A reason as the user reads it: "Manutenção em atraso: 450 km", "Custo expira dentro de 12 dias". */
export function reasonText(t: TFunction, reason: SummaryReason, language?: string): string {
  const { count } = reason.values;
  const value = formatNumber(count);
  const days = t(`management.reason.days.${pluralForm(count, language)}`, { value });
  return t(`management.reason.${reason.key}`, { value, days });
}

/**
 * The grid columns of document 3 §2, in its order, with one of ours after the group: why the row has its
 * colour (the figures behind it sit further right, often off screen).
 */
export function summaryColumns(t: TFunction, date: (day: string) => string): GridColDef<SummaryRow>[] {
  const text = (field: Field, minWidth = 140): GridColDef<SummaryRow> => ({
    field,
    headerName: t(`management.summary.${field}`),
    flex: 1,
    minWidth,
    sortComparator: compareText,
  });
  const figure = (field: Field, decimals = 0): GridColDef<SummaryRow> => ({
    field,
    headerName: t(`management.summary.${field}`),
    type: 'number',
    // wide enough for a two-line header such as "Próxima manutenção (km)"
    minWidth: 150,
    flex: 0.7,
    valueFormatter: (value: number | null) => formatNumber(value, decimals),
  });
  // The next expiry's day and what expires (a cost or document type).
  const next = (day: string | null, kind: string | null | undefined): string =>
    day ? `${date(day)}${kind ? ` · ${kind}` : ''}` : '';
  return [
    text('name', 200),
    text('license_plate', 125),
    text('group', 130),
    {
      field: 'reason',
      headerName: t('management.summary.reason'),
      flex: 2,
      minWidth: 340,
      sortComparator: compareText,
      valueGetter: (_value: unknown, row: SummaryRow) =>
        summaryReasons(row)
          .map((reason) => reasonText(t, reason))
          .join(' · '),
      // two reasons read whole on two lines of the row, a third on hovering (it was cut after the first)
      // (nothing for a vehicle with no reason: a phone's card leaves the label out)
      renderCell: ({ value }) =>
        !value
          ? null
          : createElement(
              'span',
              { style: REASON_CELL },
              createElement(
                'span',
                { title: value, style: REASON_STYLE, 'data-testid': 'summary-reason' },
                value,
              ),
            ),
    },
    figure('total_distance'),
    figure('total_hours'),
    {
      ...text('maintenance_type', 110),
      valueGetter: (value: string | null) =>
        t(value === 'automatic' ? 'management.mode.automatic' : 'management.mode.manual'),
    },
    figure('maintenance_km_next'),
    figure('maintenance_km_left'),
    figure('maintenance_hours_next'),
    figure('maintenance_hours_left'),
    figure('maintenance_km_days_in_maintenance'),
    figure('maintenance_days_in_maintenance'),
    {
      ...text('cost_next', 150),
      valueFormatter: (value: string | null, row) =>
        next(value, row.cost_next_type && t(`management.costType.${row.cost_next_type}`, row.cost_next_type)),
    },
    figure('cost_days_left'),
    {
      ...text('document_next', 150),
      valueFormatter: (value: string | null, row) =>
        next(
          value,
          row.document_next_type &&
            t(`management.documentType.${row.document_next_type}`, row.document_next_type),
        ),
    },
    figure('document_days_left'),
  ];
}
