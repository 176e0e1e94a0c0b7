import { useState } from 'react';
import { IconButton, ListItemIcon, Menu, MenuItem, Tooltip } from '@mui/material';
import AndroidIcon from '@mui/icons-material/Android';
import BadgeIcon from '@mui/icons-material/Badge';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import LocalGasStationIcon from '@mui/icons-material/LocalGasStation';
import SettingsIcon from '@mui/icons-material/Settings';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../session/sessionContext';
import { AppAndroidDialog } from './AppAndroidDialog';
import { hasUserLimit } from './refillRules';

/**
 * The centre's settings menu (document 3 §2): operators, stations (managers only), the vehicles with
 * refill devices, and the Android app.
 */
export function RefillSettingsMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [app, setApp] = useState(false);
  const go = (path: string) => () => {
    setAnchor(null);
    void navigate(path);
  };
  return (
    <>
      <Tooltip title={t('refills.settingsMenu')}>
        <IconButton
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={t('refills.settingsMenu')}
          data-testid="refills-settings"
        >
          <SettingsIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={go('/settings/refill_operators')} data-testid="refills-menu-operators">
          <ListItemIcon>
            <BadgeIcon fontSize="small" />
          </ListItemIcon>
          {t('refills.menuOperators')}
        </MenuItem>
        {hasUserLimit(user) && (
          <MenuItem onClick={go('/settings/refill_stations')} data-testid="refills-menu-stations">
            <ListItemIcon>
              <LocalGasStationIcon fontSize="small" />
            </ListItemIcon>
            {t('refills.menuStations')}
          </MenuItem>
        )}
        <MenuItem onClick={go('/settings/refill_devices')} data-testid="refills-menu-vehicles">
          <ListItemIcon>
            <DirectionsCarIcon fontSize="small" />
          </ListItemIcon>
          {t('refills.menuVehicles')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setApp(true);
          }}
          data-testid="refills-menu-app"
        >
          <ListItemIcon>
            <AndroidIcon fontSize="small" />
          </ListItemIcon>
          {t('refills.menuApp')}
        </MenuItem>
      </Menu>
      {app && <AppAndroidDialog onClose={() => setApp(false)} />}
    </>
  );
}
