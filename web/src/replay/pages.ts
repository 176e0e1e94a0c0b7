/** Route replay screens by route path (see app/routes.ts for the paths). */
import type { ComponentType } from 'react';

export const REPLAY_PAGES: Record<string, ComponentType> = {};
