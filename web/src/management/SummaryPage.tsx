import { useMemo, type MouseEvent } from 'react';
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataList } from '../common/DataList';
import type { ListTone } from '../common/listTones';
import { useSummary, type SummaryRow } from './managementApi';
import { expiryState, SOON_HOURS, SOON_KM, summaryState, type SummaryState } from '@frota/core';
import { EXPIRY_TONES } from './ExpiryCell';
import { NotificationsLink } from './notifications/NotificationsLink';
import { formatDay } from './rules';
import { summaryColumns } from './summaryColumns';
import { SummaryLegend } from './SummaryLegend';
import { summaryReasons } from './summaryReasons';

const ROW_TONES: Partial<Record<SummaryState, ListTone>> = { overdue: 'error', soon: 'warning' };

/** The cells behind a row's colour, in their colour: the figure past due or soon, and the reason. */
function cellToneOf(row: SummaryRow, field: string): ListTone | null {
  if ((field === 'cost_days_left' || field === 'document_days_left') && row[field] != null)
    return EXPIRY_TONES[expiryState(row[field])];
  const limits: Record<string, [number | null, number]> = {
    maintenance_km_left: [row.maintenance_km_left, SOON_KM],
    maintenance_hours_left: [row.maintenance_hours_left, SOON_HOURS],
  };
  const limit = limits[field];
  if (limit && limit[0] != null) return limit[0] < 0 ? 'error' : limit[0] < limit[1] ? 'warning' : null;
  if (field === 'reason') {
    const tone = summaryReasons(row)[0]?.tone;
    return tone === 'error' || tone === 'warning' ? tone : null;
  }
  return null;
}

/** The row's state as the server gives it, else by core's rule from the row's figures. */
const stateOf = (row: SummaryRow): SummaryState =>
  row.state ??
  summaryState({
    inProgress: !!row.maintenance_in_progress || row.maintenance_days_in_maintenance != null,
    kmLeft: row.maintenance_km_left,
    hoursLeft: row.maintenance_hours_left,
    costDaysLeft: row.cost_days_left,
    documentDaysLeft: row.document_days_left,
  });

/** /management/summary: one row per vehicle, coloured by its state (document 3 §2, §4); click → its maintenances. */
export function SummaryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const summary = useSummary();
  const rows = useMemo(() => summary.data ?? [], [summary.data]);
  const states = useMemo(() => new Map(rows.map((row) => [String(row.id), stateOf(row)])), [rows]);
  const columns = useMemo(() => summaryColumns(t, formatDay), [t]);

  const open = (event: MouseEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest('button, a, input')) return;
    const id = target.closest('[data-testid="summary-row"]')?.getAttribute('data-device-id');
    if (id) void navigate(`/management/maintenances/${id}`, { state: { deviceId: Number(id) } });
  };

  return (
    <Box
      onClick={open}
      sx={(theme) => ({
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        '& [data-testid="summary-row"]': { cursor: 'pointer' },
        '& [data-testid="summary-row"][data-state="progress"]': {
          bgcolor: theme.palette.action.selected,
          color: theme.palette.text.secondary,
        },
      })}
    >
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <DataList<SummaryRow>
          title={t('route.management_summary')}
          rows={rows}
          columns={columns}
          loading={summary.isLoading}
          exportName="Maintenances"
          searchKey="management.summary"
          initialSort={[{ field: 'name', sort: 'asc' }]}
          toolbarExtra={<NotificationsLink />}
          rowTone={(row) => ROW_TONES[states.get(String(row.id)) ?? 'ok']}
          cellTone={cellToneOf}
          wrapHeaders
          rowAttributes={{
            rowTestId: 'summary-row',
            rowIdAttribute: 'device-id',
            rowData: (row: SummaryRow) => ({ state: states.get(String(row.id)) ?? 'ok' }),
          }}
          idPrefix="summary"
        />
      </Box>
      <SummaryLegend />
    </Box>
  );
}
