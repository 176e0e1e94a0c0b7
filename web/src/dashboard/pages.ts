/** Dashboard screens by route path (see session/routes.ts for the paths). */
import type { ComponentType } from 'react';
import { DashboardPage } from './DashboardPage';

export const DASHBOARD_PAGES: Record<string, ComponentType> = {
  '/dashboard': DashboardPage,
};
