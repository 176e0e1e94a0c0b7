import { AppBar, Box, IconButton, Toolbar, Typography } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from 'react-i18next';
import { useClientDetails } from '../api/queries';
import type { User } from '../api/types';
import { Logo } from './login/Logo';
import { ClientMessageButton, VersionButton } from './StatusButtons';
import { LogoutButton, UserMenu } from './UserMenu';

export interface TopBarProps {
  user: User;
  temporary: boolean;
  showMenuButton: boolean;
  onMenu: () => void;
  onLogout: () => void;
}

/** Top app bar: side-menu button, title, version and message warnings, account menu (temporary users: logout). */
export function TopBar({ user, temporary, showMenuButton, onMenu, onLogout }: TopBarProps) {
  const { t } = useTranslation();
  const details = useClientDetails();
  return (
    <AppBar position="static" elevation={1}>
      <Toolbar variant="dense">
        {showMenuButton && (
          <IconButton
            color="inherit"
            edge="start"
            onClick={onMenu}
            aria-label={t('menu')}
            data-testid="side-menu-button"
          >
            <MenuIcon />
          </IconButton>
        )}
        <Box sx={{ mx: 1, display: 'flex' }}>
          <Logo size={28} />
        </Box>
        <Typography variant="h6" component="div" noWrap sx={{ flexGrow: 1 }}>
          {details.data?.title || 'Frota'}
        </Typography>
        {!temporary && <VersionButton />}
        {!temporary && <ClientMessageButton />}
        {temporary ? <LogoutButton onLogout={onLogout} /> : <UserMenu user={user} onLogout={onLogout} />}
      </Toolbar>
    </AppBar>
  );
}
