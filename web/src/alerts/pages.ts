/** Alert central screens by route path (the routes are in area.ts). */
import type { PageTable } from '../session/areas';
import { AlertCentralPage } from './AlertCentralPage';

export const ALERT_PAGES: PageTable = { '/events': AlertCentralPage };
