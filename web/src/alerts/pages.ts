/** Alert central screens by route path (see session/routes.ts for the paths). */
import type { ComponentType } from 'react';
import { AlertCentralPage } from './AlertCentralPage';

export const ALERT_PAGES: Record<string, ComponentType> = { '/events': AlertCentralPage };
