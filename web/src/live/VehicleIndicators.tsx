import { Box, Tooltip } from '@mui/material';
import BuildIcon from '@mui/icons-material/Build';
import GpsOffIcon from '@mui/icons-material/GpsOff';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import SignalIcon from '@mui/icons-material/SignalCellularConnectedNoInternet0Bar';
import VideocamIcon from '@mui/icons-material/Videocam';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { keyframes } from '@mui/material/styles';
import type { VehicleIndicators as Indicators } from '@frota/core';
import { useTranslation } from 'react-i18next';

const blink = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.15; }
`;

/** The row's small icons (document 1 §2); the immobiliser icon blinks while a command is pending. */
export function VehicleIndicators({ indicators, pending }: { indicators: Indicators; pending: boolean }) {
  const { t } = useTranslation();
  const items: Array<{ key: string; title: string; icon: React.ReactNode }> = [];
  if (indicators.maintenance)
    items.push({ key: 'maintenance', title: t('live.inMaintenance'), icon: <BuildIcon color="warning" /> });
  if (indicators.noGps)
    items.push({ key: 'noGps', title: t('live.noGps'), icon: <GpsOffIcon color="error" /> });
  if (indicators.lowGsm)
    items.push({ key: 'lowGsm', title: t('live.lowGsm'), icon: <SignalIcon color="error" /> });
  if (indicators.camera)
    items.push({ key: 'camera', title: t('live.camera'), icon: <VideocamIcon color="action" /> });
  if (indicators.privacy)
    items.push({ key: 'privacy', title: t('live.privacy'), icon: <VisibilityOffIcon color="action" /> });
  if (indicators.immobilization !== null) {
    const blocked = indicators.immobilization === 'on';
    items.push({
      key: 'immobilization',
      title: `${t(`live.immobilization.${indicators.immobilization}`)}${pending ? ` · ${t('live.commandPending')}` : ''}`,
      icon: blocked ? (
        <LockIcon color="error" />
      ) : (
        <LockOpenIcon color={indicators.immobilization === 'off' ? 'success' : 'disabled'} />
      ),
    });
  }
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', '& svg': { fontSize: 18 } }}>
      {items.map((item) => (
        <Tooltip key={item.key} title={item.title}>
          <Box
            component="span"
            data-testid={`indicator-${item.key}`}
            data-pending={item.key === 'immobilization' && pending ? 'true' : undefined}
            sx={{
              display: 'inline-flex',
              animation:
                item.key === 'immobilization' && pending ? `${blink} 1s step-end infinite` : undefined,
            }}
          >
            {item.icon}
          </Box>
        </Tooltip>
      ))}
    </Box>
  );
}
