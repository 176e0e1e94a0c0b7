/** Route replay screens by route path (see session/routes.ts for the paths). */
import type { ComponentType } from 'react';
import { ReplayPage } from './ReplayPage';

export const REPLAY_PAGES: Record<string, ComponentType> = {
  '/replay': ReplayPage,
};
