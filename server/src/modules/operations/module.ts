/** Health and metrics: the server's Operations (in the services) and its routes. */
import type { ServerModule } from '../../manifest/serverModule';
import { Operations } from './operations';
import { operationsRoutes } from './routes';

export const operationsModule: ServerModule = {
  name: 'operations',
  provide(services) {
    services.operations = new Operations(services.config, services.live);
  },
  routes: operationsRoutes,
  start({ services }) {
    const operations = services.operations;
    return {
      attach: (parts) => operations?.attach(parts),
      close: async () => operations?.close(),
    };
  },
};
