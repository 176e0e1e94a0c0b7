/** Refills (document 3 §5): its manifest. */
import type { ServerModule } from '../../manifest/serverModule';
import { refillsRoutes } from './routes';

export const refillsModule: ServerModule = { name: 'refills', routes: refillsRoutes };
