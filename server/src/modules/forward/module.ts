/**
 * Traccar as a front end (issue 37, point 1): a Traccar server forwards the positions and events of all its
 * protocols here (its forward.url and event.forward.url), and they are stored as native records are.
 */
import type { ServerModule } from '../../manifest/serverModule';
import { registerReceiver, TraccarReceiver } from './receiver';
import { forwardRoutes } from './routes';
import { forwardSettings, type ForwardSettings } from './settings';

export const forwardModule: ServerModule = {
  name: 'forward',
  settings: forwardSettings,
  routes: forwardRoutes,
  start({ services, log, settings }) {
    const { FROTA_FORWARD_TOKEN: token } = settings as ForwardSettings;
    const receiver = new TraccarReceiver(services.db, token, log.child({ component: 'forward' }));
    registerReceiver(services, receiver);
    return { attach: (parts) => parts.ingest && receiver.attach(parts.ingest) };
  },
};
