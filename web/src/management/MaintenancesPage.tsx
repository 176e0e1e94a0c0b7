import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { DataList } from '../common/DataList';
import { formatNumber } from '../common/formatters';
import { compareText } from '../common/listSearch';
import { useFormat } from '../common/useFormat';
import { useMaintenances, type MaintenanceEntry } from './managementApi';
import { daysBetween } from '@frota/core';
import { formatDay, inPeriod, periodStart } from './rules';
import { useToday } from './useToday';
import { useRemove } from './useRemove';
import { VehicleListScreen, type VehicleListProps } from './VehicleListScreen';

/** /management/maintenances/:id — the vehicle's maintenance entries (document 3 §2). */
export function MaintenancesPage() {
  return (
    <VehicleListScreen screen="maintenances">
      {(deviceId, period, control) => (
        <MaintenanceList deviceId={deviceId} period={period} control={control} />
      )}
    </VehicleListScreen>
  );
}

const isOpen = (entry: MaintenanceEntry) => !Number(entry.complete);

function MaintenanceList({ deviceId, period, control }: VehicleListProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const list = useMaintenances(deviceId);
  const remove = useRemove('maintenance', deviceId);
  const today = useToday();
  const start = periodStart(period, today);
  const rows = useMemo(
    () => (list.data ?? []).filter((entry) => inPeriod(entry.date_start, start)),
    [list.data, start],
  );

  const columns = useMemo<GridColDef<MaintenanceEntry>[]>(() => {
    // headers on two lines ("Periodicidade / (horas)"): every column and the row's actions fit a desktop
    const figure = (field: keyof MaintenanceEntry, minWidth = 100): GridColDef<MaintenanceEntry> => ({
      field,
      headerName: t(`management.maintenance.${field}`),
      type: 'number',
      minWidth,
      flex: 0.6,
      valueFormatter: (value: number | null) => formatNumber(value),
    });
    const text = (field: keyof MaintenanceEntry, minWidth = 110): GridColDef<MaintenanceEntry> => ({
      field,
      headerName: t(`management.maintenance.${field}`),
      minWidth,
      flex: 1,
      sortComparator: compareText,
    });
    return [
      { ...text('date_start', 110), valueFormatter: (value: string) => formatDay(value) },
      {
        ...text('date_end', 140),
        valueGetter: (value: string | null, row) =>
          isOpen(row)
            ? t('management.maintenance.inMaintenance', {
                days: row.days_in_maintenance ?? Math.max(0, daysBetween(row.date_start, today)),
              })
            : formatDay(value),
      },
      figure('days_in_maintenance', 125),
      text('description', 150),
      figure('km', 90),
      figure('periodicity_km', 125),
      figure('hours', 80),
      figure('periodicity_hours', 125),
      text('location', 120),
      {
        field: 'cost',
        headerName: t('management.maintenance.cost'),
        type: 'number',
        minWidth: 125,
        flex: 0.7,
        valueFormatter: (value: number | null) => format.currency(value),
      },
      text('invoice', 100),
    ];
  }, [t, format, today]);

  return (
    <DataList<MaintenanceEntry>
      rows={rows}
      columns={columns}
      loading={list.isLoading}
      exportName="Maintenances"
      wrapHeaders
      wrapCells
      actionsFirst
      editPath="/management/maintenance"
      canAdd
      canEdit
      canRemove
      onRemove={remove}
      itemName={(row) => row.description}
      searchKey={`management.maintenances`}
      initialSort={[{ field: 'date_start', sort: 'desc' }]}
      toolbarExtra={control}
      rowTone={(row) => (isOpen(row) ? 'info' : null)}
      rowAttributes={{ rowTestId: 'maintenance-row', rowIdAttribute: 'id' }}
      idPrefix="maintenances"
    />
  );
}
