/** Map screens by route path (the routes are in area.ts). */
import type { PageTable } from '../session/areas';
import { OnlineMapPage } from './OnlineMapPage';

export const LIVE_PAGES: PageTable = {
  '/': OnlineMapPage,
};
