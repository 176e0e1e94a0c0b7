import { Box } from '@mui/material';
import type { VehicleFilter } from '@frota/core';
import { StatusTabs } from './StatusTabs';
import type { VehicleView } from './types';
import type { GroupOption, VehicleQuery } from './vehicleList';
import { VehicleList } from './VehicleList';
import { VehicleToolbar } from './VehicleToolbar';

export interface VehiclesTabProps {
  query: VehicleQuery;
  onQuery: (query: VehicleQuery) => void;
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
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <VehicleToolbar
        search={query.search}
        onSearch={(search) => onQuery({ ...query, search })}
        group={query.group}
        groups={groups}
        total={total}
        onGroup={(group) => onQuery({ ...query, group })}
        sort={query.sort}
        onSort={(sort) => onQuery({ ...query, sort })}
      />
      <StatusTabs value={query.status} counts={counts} onChange={(status) => onQuery({ ...query, status })} />
      <VehicleList rows={rows} selectedId={selectedId} onSelect={onSelect} loading={loading} />
    </Box>
  );
}
