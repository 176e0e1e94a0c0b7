/** Management screens by route path (see app/routes.ts for the paths). Built by issue 17. */
import type { ComponentType } from 'react';

export const MANAGEMENT_PAGES: Record<string, ComponentType> = {};
