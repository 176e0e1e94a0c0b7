/** Refills (document 3 §5): its manifest. */
import type { ServerModule } from '../../manifest/serverModule';
import { refillsRoutes } from './routes';
import { refillsSettings } from './settings';

export const refillsModule: ServerModule = {
  name: 'refills',
  settings: refillsSettings,
  routes: refillsRoutes,
};
