import { Tooltip } from '@mui/material';
import BuildIcon from '@mui/icons-material/Build';
import GpsOffIcon from '@mui/icons-material/GpsOff';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import SignalIcon from '@mui/icons-material/SignalCellularConnectedNoInternet0Bar';
import VideocamIcon from '@mui/icons-material/Videocam';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import type { VehicleIndicators as Indicators } from '@frota/core';
import { useTranslation } from 'react-i18next';
import { ROW } from './vehicleRowStyles';

// Made once: React skips an element it has already drawn (the rows redraw on every flush).
const ICONS = {
  maintenance: <BuildIcon color="warning" />,
  noGps: <GpsOffIcon color="error" />,
  lowGsm: <SignalIcon color="error" />,
  camera: <VideocamIcon color="action" />,
  privacy: <VisibilityOffIcon color="action" />,
  blocked: <LockIcon color="error" />,
  unblocked: <LockOpenIcon color="success" />,
  unknown: <LockOpenIcon color="disabled" />,
};

/**
 * The row's small icons (document 1 §2); the immobiliser icon blinks while a command is pending. Styled by
 * the list's rules (vehicleRowStyles.ts).
 */
export function VehicleIndicators({ indicators, pending }: { indicators: Indicators; pending: boolean }) {
  const { t } = useTranslation();
  const items: Array<{ key: string; title: string; icon: React.ReactNode }> = [];
  if (indicators.maintenance)
    items.push({ key: 'maintenance', title: t('live.inMaintenance'), icon: ICONS.maintenance });
  if (indicators.noGps) items.push({ key: 'noGps', title: t('live.noGps'), icon: ICONS.noGps });
  if (indicators.lowGsm) items.push({ key: 'lowGsm', title: t('live.lowGsm'), icon: ICONS.lowGsm });
  if (indicators.camera) items.push({ key: 'camera', title: t('live.camera'), icon: ICONS.camera });
  if (indicators.privacy) items.push({ key: 'privacy', title: t('live.privacy'), icon: ICONS.privacy });
  if (indicators.immobilization !== null) {
    const state = indicators.immobilization;
    items.push({
      key: 'immobilization',
      title: `${t(`live.immobilization.${state}`)}${pending ? ` · ${t('live.commandPending')}` : ''}`,
      icon: state === 'on' ? ICONS.blocked : state === 'off' ? ICONS.unblocked : ICONS.unknown,
    });
  }
  return (
    <div className={ROW.indicators}>
      {items.map((item) => (
        <Tooltip key={item.key} title={item.title}>
          <span
            className={ROW.indicator}
            data-testid={`indicator-${item.key}`}
            data-pending={item.key === 'immobilization' && pending ? 'true' : undefined}
          >
            {item.icon}
          </span>
        </Tooltip>
      ))}
    </div>
  );
}
