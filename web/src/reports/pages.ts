/** Report screens by route path (see app/routes.ts for the paths). */
import type { ComponentType } from 'react';

export const REPORT_PAGES: Record<string, ComponentType> = {};
