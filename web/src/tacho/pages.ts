/** Tachograph screens by route path (see session/routes.ts for the paths). Built by issue 20. */
import type { ComponentType } from 'react';
import { TachoDriversPage } from './TachoDriversPage';
import { TachoFilesPage } from './TachoFilesPage';

export const TACHO_PAGES: Record<string, ComponentType> = {
  '/tacho_drivers': TachoDriversPage,
  '/tacho_files': TachoFilesPage,
};
