import { memo, useEffect, useEffectEvent } from 'react';
import { GlobalStyles, Typography } from '@mui/material';
import { List, useListRef, type RowComponentProps } from 'react-window';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../common/useFormat';
import { useDisplayModesVersion } from './displayModes';
import { usePendingCommands } from './pendingCommands';
import type { VehicleView } from './types';
import { VEHICLE_ROW_HEIGHT, VehicleRow } from './VehicleRow';
import { ROWS, vehicleRowRules } from './vehicleRowStyles';

interface RowData {
  rows: VehicleView[];
  selectedId: number | null;
  pending: ReadonlyMap<number, boolean>;
  formatTime: (iso: string) => string;
  onSelect: (view: VehicleView) => void;
  modesVersion: number;
}

function Row({
  index,
  style,
  rows,
  selectedId,
  pending,
  formatTime,
  onSelect,
  modesVersion,
}: RowComponentProps<RowData>) {
  const view = rows[index];
  return (
    <VehicleRow
      style={style}
      view={view}
      selected={view.id === selectedId}
      pending={pending.has(view.id)}
      formatTime={formatTime}
      onSelect={onSelect}
      modesVersion={modesVersion}
    />
  );
}

/** Rows keyed by vehicle: a flush that reorders the list moves a vehicle's row rather than redrawing it. */
export const rowKey = (index: number, { rows }: Pick<RowData, 'rows'>): number => rows[index].id;

/** The rows' rules, written once: without props it renders again only when the theme changes. */
const VehicleRowRules = memo(function VehicleRowRules() {
  return <GlobalStyles styles={vehicleRowRules} />;
});

export interface VehicleListProps {
  rows: VehicleView[];
  selectedId: number | null;
  onSelect: (view: VehicleView) => void;
  loading: boolean;
}

/** The virtualised vehicle rows (only those on screen exist), scrolled to the selected vehicle. */
export function VehicleList({ rows, selectedId, onSelect, loading }: VehicleListProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const pending = usePendingCommands();
  const modesVersion = useDisplayModesVersion();
  const list = useListRef(null);

  // Reads the rows without depending on them: live updates must not scroll the list under the user.
  const scrollTo = useEffectEvent((id: number) => {
    const index = rows.findIndex((row) => row.id === id);
    if (index >= 0) list.current?.scrollToRow({ index, align: 'smart' });
  });
  useEffect(() => {
    if (selectedId !== null) scrollTo(selectedId);
  }, [selectedId]);

  if (rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 2, textAlign: 'center' }} data-testid="vehicle-list-empty">
        {loading ? t('live.loading') : t('noData')}
      </Typography>
    );
  }
  return (
    <div className={ROWS}>
      <VehicleRowRules />
      <List
        listRef={list}
        data-testid="vehicle-list"
        rowComponent={Row}
        rowCount={rows.length}
        rowHeight={VEHICLE_ROW_HEIGHT}
        rowProps={{ rows, selectedId, pending, formatTime: format.dateTime, onSelect, modesVersion }}
        rowKey={rowKey}
        overscanCount={4}
        style={{ height: '100%' }}
      />
    </div>
  );
}
