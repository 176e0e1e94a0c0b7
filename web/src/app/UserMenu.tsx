import { useState } from 'react';
import { Button, IconButton, ListItemIcon, Menu, MenuItem, Tooltip } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import TuneIcon from '@mui/icons-material/Tune';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { User } from '../api/types';

/** Account menu of the top bar: own profile, interface settings, logout. */
export function UserMenu({ user, onLogout }: { user: User; onLogout: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const go = (path: string) => {
    setAnchor(null);
    void navigate(path);
  };

  return (
    <>
      <Tooltip title={user.name}>
        <IconButton
          color="inherit"
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="user-menu-button"
        >
          <AccountCircleIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => go(`/settings/user/${user.id}`)} data-testid="menu-profile">
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          {t('profile')}
        </MenuItem>
        <MenuItem onClick={() => go(`/settings/interface/${user.id}`)} data-testid="menu-interface">
          <ListItemIcon>
            <TuneIcon fontSize="small" />
          </ListItemIcon>
          {t('route.interface')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onLogout();
          }}
          data-testid="logout-button"
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('logout')}
        </MenuItem>
      </Menu>
    </>
  );
}

/** The only action of a temporary-link user. */
export function LogoutButton({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  return (
    <Button color="inherit" startIcon={<LogoutIcon />} onClick={onLogout} data-testid="logout-button">
      {t('logout')}
    </Button>
  );
}
