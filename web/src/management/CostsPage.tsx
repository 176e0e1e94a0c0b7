import { useMemo, type ReactNode } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { expiryState } from '@frota/core';
import { useTranslation } from 'react-i18next';
import { DataList } from '../common/DataList';
import { compareText } from '../common/listSearch';
import { useFormat } from '../common/useFormat';
import { ExpiryCell, EXPIRY_TONES } from './ExpiryCell';
import { useCosts, type Cost } from './managementApi';
import { formatDay, inPeriod, periodStart, type Period } from './rules';
import { useRemove } from './useRemove';
import { useToday } from './useToday';
import { VehicleListScreen } from './VehicleListScreen';

/** /management/costs/:id — the vehicle's costs, newest first, expiry coloured (document 3 §2). */
export function CostsPage() {
  return (
    <VehicleListScreen screen="costs">
      {(deviceId, period, control) => <CostList deviceId={deviceId} period={period} control={control} />}
    </VehicleListScreen>
  );
}

function CostList({ deviceId, period, control }: { deviceId: number; period: Period; control: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  const today = useToday();
  const list = useCosts(deviceId);
  const remove = useRemove('cost', deviceId);
  const start = periodStart(period, today);
  const rows = useMemo(
    () => (list.data ?? []).filter((cost) => inPeriod(cost.cost_date, start)),
    [list.data, start],
  );

  const columns = useMemo<GridColDef<Cost>[]>(() => {
    const text = (field: keyof Cost, minWidth = 120): GridColDef<Cost> => ({
      field,
      headerName: t(`management.cost.${field}`),
      minWidth,
      flex: 1,
      sortComparator: compareText,
    });
    return [
      { ...text('cost_date', 110), valueFormatter: (value: string) => formatDay(value) },
      { ...text('cost_type', 110), valueGetter: (value: string) => t(`management.costType.${value}`, value) },
      text('entity', 140),
      text('designation', 180),
      text('invoice'),
      {
        field: 'cost',
        headerName: t('management.cost.cost'),
        type: 'number',
        minWidth: 120,
        flex: 0.7,
        valueFormatter: (value: number | null) => format.currency(value),
      },
      {
        field: 'expiry_days',
        headerName: t('management.cost.expiry_days'),
        type: 'number',
        minWidth: 110,
        flex: 0.6,
        // nothing (not an empty cell) for a cost without expiry: a phone's card leaves the label out
        renderCell: ({ row }) =>
          row.expiry_days === null || row.expiry_days === undefined ? null : (
            <ExpiryCell testId="cost-expiry-cell" days={row.expiry_days} state={row.expiry_state} />
          ),
      },
    ];
  }, [t, format]);

  return (
    <DataList<Cost>
      wrapCells
      rows={rows}
      columns={columns}
      loading={list.isLoading}
      exportName="Costs"
      editPath="/management/cost"
      canAdd
      canEdit
      canRemove
      onRemove={remove}
      itemName={(row) => row.designation}
      searchKey="management.costs"
      initialSort={[{ field: 'cost_date', sort: 'desc' }]}
      actionsFirst
      pageSize={100}
      toolbarExtra={control}
      cellTone={(row, field) =>
        field === 'expiry_days' && row.expiry_days != null
          ? EXPIRY_TONES[row.expiry_state ?? expiryState(row.expiry_days)]
          : null
      }
      rowAttributes={{ rowTestId: 'cost-row', rowIdAttribute: 'id' }}
      idPrefix="costs"
    />
  );
}
