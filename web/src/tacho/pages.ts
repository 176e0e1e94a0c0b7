/** Tachograph screens by route path (the routes are in area.ts). Built by issue 20. */
import type { PageTable } from '../session/areas';
import { TachoDriversPage } from './TachoDriversPage';
import { TachoFilesPage } from './TachoFilesPage';

export const TACHO_PAGES: PageTable = {
  '/tacho_drivers': TachoDriversPage,
  '/tacho_files': TachoFilesPage,
};
