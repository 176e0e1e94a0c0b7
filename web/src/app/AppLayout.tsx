import { useCallback, useMemo, useState } from 'react';
import { Box } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useClientDetails, useDevices } from '../api/queries';
import { logout } from '../api/session';
import { ROUTES } from './areas';
import { BackgroundData } from './BackgroundData';
import { toggleBetaMode, useBetaMode } from './betaMode';
import { ContactDialog } from './ContactDialog';
import { CookieDialog } from './CookieDialog';
import { buildMenu, isTemporaryUser } from '../session/permissions';
import { useCurrentUser, useSession } from '../session/sessionContext';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import { useHotkeys } from './useHotkeys';
import { useLiveUpdates } from './useLiveUpdates';

/** Map screens fill the area under the top bar edge to edge; the others get padding and scroll. */
const FULL_BLEED_PATHS = new Set(['/']);

/** The logged-in frame: top bar, side menu built from permissions, the page, live data and hotkeys. */
export function AppLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { setUser } = useSession();
  const navigate = useNavigate();
  const fullBleed = FULL_BLEED_PATHS.has(useLocation().pathname);
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const beta = useBetaMode();
  const temporary = isTemporaryUser(user);
  const devices = useDevices().data;
  const clientDetails = useClientDetails().data;
  const sections = useMemo(() => buildMenu(ROUTES, user, beta, devices), [user, beta, devices]);
  const menuEntries = sections.reduce((count, section) => count + section.items.length, 0);
  const [menuOpen, setMenuOpen] = useState(false);
  const [contactsOpen, setContactsOpen] = useState(false);
  const [cookieOpen, setCookieOpen] = useState(false);

  useLiveUpdates(user);

  const onBeta = useCallback(() => {
    const on = toggleBetaMode();
    enqueueSnackbar(t(on ? 'betaOn' : 'betaOff'), { autoHideDuration: 3000 });
  }, [enqueueSnackbar, t]);
  const onCookie = useCallback(() => setCookieOpen(true), []);
  useHotkeys({ onBeta, onCookie });

  const onLogout = async () => {
    try {
      await logout();
    } catch {
      // The session may already be gone; the client forgets it either way.
    }
    queryClient.clear();
    // The next login opens the map, not the screen being left.
    void navigate('/');
    setUser(null);
  };

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: '100vh',
        // On phones the visible height excludes the browser's bars, so the bottom panel stays on screen.
        '@supports (height: 100dvh)': { height: '100dvh' },
      }}
    >
      <TopBar
        user={user}
        temporary={temporary}
        showMenuButton={!temporary || menuEntries > 1}
        onMenu={() => setMenuOpen(true)}
        onLogout={() => void onLogout()}
      />
      <SideMenu
        open={menuOpen}
        sections={sections}
        onClose={() => setMenuOpen(false)}
        onContacts={() => setContactsOpen(true)}
      />
      <Box
        component="main"
        data-full-bleed={fullBleed}
        sx={
          fullBleed
            ? { flex: 1, minHeight: 0, overflow: 'hidden', position: 'relative' }
            : { flex: 1, minHeight: 0, overflow: 'auto', p: { xs: 1, sm: 2 } }
        }
      >
        <Outlet />
      </Box>
      <BackgroundData />
      <ContactDialog open={contactsOpen} onClose={() => setContactsOpen(false)} details={clientDetails} />
      <CookieDialog open={cookieOpen} onClose={() => setCookieOpen(false)} />
    </Box>
  );
}
