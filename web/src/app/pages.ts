/** Screens by route path, gathered from each area; a route without a screen shows its placeholder. */
import type { ComponentType } from 'react';
import { LIVE_PAGES } from '../live/pages';
import { REPORT_PAGES } from '../reports/pages';
import { SETTINGS_PAGES } from '../settings/pages';

export const PAGES: Record<string, ComponentType> = {
  ...LIVE_PAGES,
  ...SETTINGS_PAGES,
  ...REPORT_PAGES,
};
