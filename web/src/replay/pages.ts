/** Route replay screens by route path (the routes are in area.ts). */
import type { PageTable } from '../session/areas';
import { ReplayPage } from './ReplayPage';

export const REPLAY_PAGES: PageTable = {
  '/replay': ReplayPage,
};
