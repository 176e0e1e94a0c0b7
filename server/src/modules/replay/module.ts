/** The replay module (document 1 §5): its manifest. */
import type { ServerModule } from '../../manifest/serverModule';
import { replayRoutes } from './routes';

export const replayModule: ServerModule = { name: 'replay', routes: replayRoutes };
