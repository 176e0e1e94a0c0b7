/**
 * The paths of the reference data every logged-in screen starts from, by query key (kept apart from the
 * queries so the login page can start them without loading the data cache's library).
 */
import { primeEarlyData } from './earlyData';

export { dropEarlyData } from './earlyData';

const lastDay = (): string => {
  const to = new Date();
  const from = new Date(to.getTime() - 24 * 3600 * 1000);
  return `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
};

export const REFERENCE_PATHS = {
  // the map's own first: a browser sends only a few requests at once to one server
  devices: () => '/api/devices',
  positions: () => '/api/positions',
  groups: () => '/api/groups',
  server: () => '/api/server',
  clientDetails: () => '/report/api.php/client_details',
  drivers: () => '/api/drivers',
  geofences: () => '/api/geofences',
  tags: () => '/report/api.php/tags',
  events: () => `/api/events?${lastDay()}`,
} as const;

export type ReferenceKey = keyof typeof REFERENCE_PATHS;

/** Starts fetching every reference list at once (a session was just found or opened). */
export const primeReferenceData = (): void => primeEarlyData(REFERENCE_PATHS);
