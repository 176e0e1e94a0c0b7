import { memo, useState } from 'react';
import {
  Box,
  IconButton,
  InputAdornment,
  ListItemText,
  Menu,
  MenuItem,
  TextField,
  Tooltip,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import SortIcon from '@mui/icons-material/Sort';
import type { VehicleSortMode } from '@frota/core';
import { useTranslation } from 'react-i18next';
import type { GroupChoice, GroupOption } from './vehicleList';

const SORT_MODES: VehicleSortMode[] = [0, 1, 2];

export interface VehicleToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  group: GroupChoice;
  groups: GroupOption[];
  total: number;
  onGroup: (group: GroupChoice) => void;
  sort: VehicleSortMode;
  onSort: (mode: VehicleSortMode) => void;
}

/**
 * Search box, group selector with counts and the sort menu (0 status, 1 name, 2 last position). Memoised:
 * a live flush changes none of its props, so it stays out of the flush's render.
 */
export const VehicleToolbar = memo(function VehicleToolbar(props: VehicleToolbarProps) {
  const { t } = useTranslation();
  const [sortAnchor, setSortAnchor] = useState<HTMLElement | null>(null);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, p: 1 }}>
      <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
        <TextField
          size="small"
          fullWidth
          placeholder={t('search')}
          value={props.search}
          onChange={(event) => props.onSearch(event.target.value)}
          slotProps={{
            htmlInput: { 'data-testid': 'vehicle-search', 'aria-label': t('search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Tooltip title={t('live.sort.title')}>
          <IconButton onClick={(event) => setSortAnchor(event.currentTarget)} data-testid="vehicle-sort">
            <SortIcon />
          </IconButton>
        </Tooltip>
        <Menu anchorEl={sortAnchor} open={sortAnchor !== null} onClose={() => setSortAnchor(null)}>
          {SORT_MODES.map((mode) => (
            <MenuItem
              key={mode}
              selected={mode === props.sort}
              data-testid={`vehicle-sort-${mode}`}
              onClick={() => {
                props.onSort(mode);
                setSortAnchor(null);
              }}
            >
              <ListItemText>{t(`live.sort.${mode}`)}</ListItemText>
            </MenuItem>
          ))}
        </Menu>
      </Box>
      {props.groups.length > 0 && (
        <TextField
          select
          size="small"
          value={String(props.group)}
          onChange={(event) =>
            props.onGroup(event.target.value === 'all' ? 'all' : Number(event.target.value))
          }
          slotProps={{
            select: {
              SelectDisplayProps: { 'data-testid': 'vehicle-group' } as React.HTMLAttributes<HTMLDivElement>,
            },
          }}
        >
          <MenuItem value="all">{t('live.allGroups', { n: props.total })}</MenuItem>
          {props.groups.map((group) => (
            <MenuItem key={group.id} value={String(group.id)} data-testid="vehicle-group-option">
              {`${group.name} (${group.count})`}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );
});
