import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { Navigate, useLocation, useParams } from 'react-router';
import { useDevices } from '../api/queries';
import { ROUTES } from './areas';
import { useBetaMode } from './betaMode';
import { canOpenRoute, firstMenuPath, isTemporaryUser } from '../session/permissions';
import type { AppRoute } from '../session/routes';
import { useSession } from '../session/sessionContext';

/** A blank page that redirects to the first enabled menu entry (unknown or forbidden addresses). */
export function RedirectToFirst() {
  const { user } = useSession();
  const beta = useBetaMode();
  const { pathname } = useLocation();
  const devices = useDevices(!!user).data;
  const target =
    firstMenuPath(ROUTES, user, beta, devices) ??
    (user && !isTemporaryUser(user) ? `/settings/user/${user.id}` : null);
  if (!target || target === pathname) return <Box data-testid="blank-page" />;
  return <Navigate to={target} replace />;
}

/** Renders the page only when the user's permissions (and, for gated reports, a vehicle) open its route. */
export function RouteGate({ route, children }: { route: AppRoute; children: ReactNode }) {
  const { user } = useSession();
  const beta = useBetaMode();
  const params = useParams();
  const devices = useDevices(!!route.gate && !!user);
  // a gated route waits for the vehicles before it decides, so a deep link is not sent away early
  if (route.gate && devices.isPending) return <Box data-testid="blank-page" />;
  if (!canOpenRoute(user, route, { beta, params, devices: devices.data })) return <RedirectToFirst />;
  return children;
}
