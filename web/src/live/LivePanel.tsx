import { memo, type ReactNode } from 'react';
import { Box, IconButton, Paper, Tab, Tabs, Tooltip } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

/** Document 1 §2: the panel is 350 wide. */
export const PANEL_WIDTH = 350;

export type PanelTab = 'vehicles' | 'zones';

export interface LivePanelProps {
  tab: PanelTab;
  onTab: (tab: PanelTab) => void;
  vehicleCount: number;
  zoneCount: number;
  open: boolean;
  onToggle: () => void;
  mobile: boolean;
  children: ReactNode;
}

type PanelTabsProps = Pick<LivePanelProps, 'tab' | 'onTab' | 'vehicleCount' | 'zoneCount'>;

/** Vehicles and zones with their counts; memoised so a live flush with unchanged counts skips it. */
const PanelTabs = memo(function PanelTabs({ tab, onTab, vehicleCount, zoneCount }: PanelTabsProps) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={tab}
      onChange={(_, next: PanelTab) => onTab(next)}
      variant="fullWidth"
      sx={{ flex: 1, minHeight: 40 }}
    >
      <Tab
        value="vehicles"
        data-testid="vehicle-tab"
        label={`${t('live.vehicles')} (${vehicleCount})`}
        sx={{ minHeight: 40 }}
      />
      <Tab
        value="zones"
        data-testid="zone-tab"
        label={`${t('live.zones')} (${zoneCount})`}
        sx={{ minHeight: 40 }}
      />
    </Tabs>
  );
});

/**
 * The vehicles/zones panel over the map: on the reading side at 350 px on wide screens, along the bottom
 * on narrow ones; it folds away with its slider button (on mobile down to its tabs).
 */
export function LivePanel({
  tab,
  onTab,
  vehicleCount,
  zoneCount,
  open,
  onToggle,
  mobile,
  children,
}: LivePanelProps) {
  const { t } = useTranslation();
  const rtl = useTheme().direction === 'rtl';
  const tabs = <PanelTabs tab={tab} onTab={onTab} vehicleCount={vehicleCount} zoneCount={zoneCount} />;

  if (mobile) {
    return (
      <Paper
        elevation={6}
        data-testid="live-panel"
        data-open={open}
        sx={{
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 0,
          height: open ? '52%' : 'auto',
          display: 'flex',
          flexDirection: 'column',
          zIndex: 3,
          borderRadius: '12px 12px 0 0',
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}>
          {tabs}
          <Tooltip title={t(open ? 'live.hideList' : 'live.showList')}>
            <IconButton onClick={onToggle} data-testid="panel-toggle">
              {open ? <ExpandMoreIcon /> : <ExpandLessIcon />}
            </IconButton>
          </Tooltip>
        </Box>
        {open && children}
      </Paper>
    );
  }

  const Closed = rtl ? ChevronLeftIcon : ChevronRightIcon;
  const Opened = rtl ? ChevronRightIcon : ChevronLeftIcon;
  return (
    <>
      <Paper
        elevation={4}
        data-testid="live-panel"
        data-open={open}
        sx={{
          position: 'absolute',
          top: 8,
          bottom: 8,
          left: 8,
          width: PANEL_WIDTH,
          display: open ? 'flex' : 'none',
          flexDirection: 'column',
          zIndex: 3,
          overflow: 'hidden',
        }}
      >
        <Box sx={{ borderBottom: 1, borderColor: 'divider', display: 'flex' }}>{tabs}</Box>
        {children}
      </Paper>
      <Paper
        elevation={4}
        sx={{
          position: 'absolute',
          top: 16,
          left: open ? PANEL_WIDTH + 8 : 8,
          zIndex: 3,
          borderRadius: '0 8px 8px 0',
        }}
      >
        <Tooltip title={t(open ? 'live.hidePanel' : 'live.showPanel')}>
          <IconButton size="small" onClick={onToggle} data-testid="panel-toggle">
            {open ? <Opened /> : <Closed />}
          </IconButton>
        </Tooltip>
      </Paper>
    </>
  );
}
