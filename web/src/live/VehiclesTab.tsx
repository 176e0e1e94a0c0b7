import { useCallback, type Dispatch, type SetStateAction } from 'react';
import { Box } from '@mui/material';
import type { VehicleFilter, VehicleSortMode } from '@frota/core';
import { StatusTabs } from './StatusTabs';
import type { VehicleView } from './types';
import type { GroupChoice, GroupOption, VehicleQuery } from './vehicleList';
import { VehicleList } from './VehicleList';
import { VehicleToolbar } from './VehicleToolbar';

export interface VehiclesTabProps {
  query: VehicleQuery;
  onQuery: Dispatch<SetStateAction<VehicleQuery>>;
  groups: GroupOption[];
  total: number;
  counts: Record<VehicleFilter, number>;
  rows: VehicleView[];
  selectedId: number | null;
  onSelect: (view: VehicleView) => void;
  loading: boolean;
}

/** Search, group, sort, status tabs and the vehicle rows. */
export function VehiclesTab({
  query,
  onQuery,
  groups,
  total,
  counts,
  rows,
  selectedId,
  onSelect,
  loading,
}: VehiclesTabProps) {
  // Stable handlers (updates from the previous query), so the toolbar and tabs skip live flushes.
  const onSearch = useCallback((search: string) => onQuery((q) => ({ ...q, search })), [onQuery]);
  const onGroup = useCallback((group: GroupChoice) => onQuery((q) => ({ ...q, group })), [onQuery]);
  const onSort = useCallback((sort: VehicleSortMode) => onQuery((q) => ({ ...q, sort })), [onQuery]);
  const onStatus = useCallback((status: VehicleFilter) => onQuery((q) => ({ ...q, status })), [onQuery]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <VehicleToolbar
        search={query.search}
        onSearch={onSearch}
        group={query.group}
        groups={groups}
        total={total}
        onGroup={onGroup}
        sort={query.sort}
        onSort={onSort}
      />
      <StatusTabs value={query.status} counts={counts} onChange={onStatus} />
      <VehicleList rows={rows} selectedId={selectedId} onSelect={onSelect} loading={loading} />
    </Box>
  );
}
