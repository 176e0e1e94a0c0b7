import { memo } from 'react';
import { Box, Tab, Tabs, Tooltip } from '@mui/material';
import BuildIcon from '@mui/icons-material/Build';
import CircleIcon from '@mui/icons-material/Circle';
import ListIcon from '@mui/icons-material/List';
import WarningIcon from '@mui/icons-material/Warning';
import { VEHICLE_FILTERS, type VehicleFilter } from '@frota/core';
import { useTranslation } from 'react-i18next';
import { STATUS_HEX } from './statusColors';

/** Test ids name the parked tab "stop" (document 1 §2: "parked (stop)"). */
export const statusTabId = (filter: VehicleFilter): string => (filter === 'stopped' ? 'stop' : filter);

const ICONS: Record<VehicleFilter, React.ReactNode> = {
  all: <ListIcon />,
  driving: <CircleIcon sx={{ color: STATUS_HEX.green }} />,
  idle: <CircleIcon sx={{ color: STATUS_HEX.yellow }} />,
  stopped: <CircleIcon sx={{ color: STATUS_HEX.red }} />,
  warning: <WarningIcon sx={{ color: '#ef6c00' }} />,
  maintenance: <BuildIcon color="action" />,
};

export interface StatusTabsProps {
  value: VehicleFilter;
  counts: Record<VehicleFilter, number>;
  onChange: (filter: VehicleFilter) => void;
}

const sameProps = (a: StatusTabsProps, b: StatusTabsProps): boolean =>
  a.value === b.value &&
  a.onChange === b.onChange &&
  VEHICLE_FILTERS.every((filter) => a.counts[filter] === b.counts[filter]);

/**
 * all / driving / idle / parked / warning / maintenance, each with its count. Redrawn only when a count
 * or the choice changes: MUI Tabs measures its indicator after every render, which forces a layout of
 * the page in the middle of a live flush.
 */
export const StatusTabs = memo(function StatusTabs({ value, counts, onChange }: StatusTabsProps) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={value}
      onChange={(_, next: VehicleFilter) => onChange(next)}
      variant="fullWidth"
      sx={{
        minHeight: 0,
        borderBottom: 1,
        borderColor: 'divider',
        '& .MuiTab-root': { minWidth: 0, minHeight: 0, px: 0.5, py: 0.75 },
      }}
    >
      {VEHICLE_FILTERS.map((filter) => (
        <Tab
          key={filter}
          value={filter}
          data-testid={`status-tab-${statusTabId(filter)}`}
          aria-label={`${t(`live.tab.${filter}`)} (${counts[filter]})`}
          label={
            <Tooltip title={t(`live.tab.${filter}`)}>
              <Box
                sx={{
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  '& svg': { fontSize: 18 },
                }}
              >
                {ICONS[filter]}
                <Box component="span" sx={{ fontSize: 13, fontWeight: 600 }} data-testid="status-tab-count">
                  {counts[filter]}
                </Box>
              </Box>
            </Tooltip>
          }
        />
      ))}
    </Tabs>
  );
}, sameProps);
