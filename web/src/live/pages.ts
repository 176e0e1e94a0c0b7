/** Map screens by route path (see session/routes.ts for the paths). */
import type { ComponentType } from 'react';
import { OnlineMapPage } from './OnlineMapPage';

export const LIVE_PAGES: Record<string, ComponentType> = {
  '/': OnlineMapPage,
};
