/** Refill screens by route path (see app/routes.ts for the paths). Built by issue 18. */
import type { ComponentType } from 'react';

export const REFILL_PAGES: Record<string, ComponentType> = {};
