import { Suspense, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { GlobalStyles, useTheme } from '@mui/material';
import { SnackbarProvider } from 'notistack';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { AppLayout } from './AppLayout';
import { AREAS, ROUTES } from './areas';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import { RedirectToFirst, RouteGate } from './gates';
import { LoadingPage } from './LoadingPage';
import { MaterialTexts } from './MaterialTexts';
import { screenFor, type Screen } from './pages';
import { NOTICE_STYLES } from './noticeStyles';
import { PlaceholderPage } from './PlaceholderPage';
import { readSnapshot } from './fleetSnapshot';
import { createQueryClient } from './queryClient';
import { AreasContext } from '../session/areas';
import type { AppRoute } from '../session/routes';
import { useSession } from '../session/sessionContext';
import { SnapshotKeeper } from './SnapshotKeeper';
import { NoticeClose } from './NoticeClose';

function Page({ route, Screen }: { route: AppRoute; Screen: Screen | null }) {
  const { pathname } = useLocation();
  // The key gives each address its own form state (/settings/user/1 -> /settings/user/2).
  return Screen ? (
    <ChunkErrorBoundary key={pathname}>
      <Suspense fallback={<LoadingPage />}>
        <Screen key={pathname} route={route} />
      </Suspense>
    </ChunkErrorBoundary>
  ) : (
    <PlaceholderPage route={route} />
  );
}

// Each route's screen, made once: a lazy component must not be made anew on each render.
const SCREENS: Array<[AppRoute, Screen | null]> = ROUTES.map((route) => [route, screenFor(route.path)]);

/**
 * Everything behind the login, in its own chunk: the router, the session's data cache, the shell (menus,
 * top bar, live updates, snackbars) and every route of the areas' manifests (app/areas.ts), each area's
 * screens loading on first use. The screens below read the manifests through AreasContext.
 */
export function LoggedInApp() {
  const { user } = useSession();
  // notices at the page's end corner: its left in Arabic (notistack's own styles are not mirrored, and
  // anchored right they ran off a right-to-left page's edge)
  const end = useTheme().direction === 'rtl' ? 'left' : 'right';
  // A repeat visit by the same user starts from the fleet the last visit showed (app/fleetSnapshot).
  const [queryClient] = useState(() => {
    const snapshot = readSnapshot();
    return createQueryClient(snapshot && snapshot.user.id === user?.id ? snapshot.lists : {});
  });
  return (
    <AreasContext.Provider value={AREAS}>
      <QueryClientProvider client={queryClient}>
        <SnapshotKeeper />
        <MaterialTexts>
          <BrowserRouter>
            {/* a phone's notice (useLiveUpdates: top centre) sits in the app bar's title space, between the
                menu and account buttons: the page under the bar (its title, a form) stays uncovered */}
            <GlobalStyles styles={NOTICE_STYLES} />
            <SnackbarProvider
              maxSnack={5}
              autoHideDuration={3000}
              anchorOrigin={{ vertical: 'bottom', horizontal: end }}
              classes={{ containerAnchorOriginTopCenter: 'frota-notices-top' }}
              action={(id) => <NoticeClose id={id} />}
            >
              <Routes>
                <Route path="/login" element={<Navigate to="/" replace />} />
                <Route element={<AppLayout />}>
                  {SCREENS.map(([route, Screen]) => (
                    <Route
                      key={route.path}
                      path={route.path}
                      element={
                        <RouteGate route={route}>
                          <Page route={route} Screen={Screen} />
                        </RouteGate>
                      }
                    />
                  ))}
                  <Route path="*" element={<RedirectToFirst />} />
                </Route>
              </Routes>
            </SnackbarProvider>
          </BrowserRouter>
        </MaterialTexts>
      </QueryClientProvider>
    </AreasContext.Provider>
  );
}
export { prefetchArea } from './pages';
