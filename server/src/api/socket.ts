/** WebSocket /api/socket: live devices, positions and events for the session user. */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services/context';
import { optionalScope } from '../auth/guard';
import { visibleIds } from '../auth/policy';
import { positionJson } from '../services/rows';

export function socketRoutes(app: FastifyInstance, services: Services) {
  app.get('/api/socket', { websocket: true, schema: { hide: true } }, async (socket, req) => {
    const scope = await optionalScope(services, req);
    if (!scope) {
      socket.close(4401, 'Unauthorized');
      return;
    }
    await services.live.register(socket, scope);
    const k = services.db.kysely;
    let latest = k
      .selectFrom('positions')
      .selectAll()
      .where(
        'id',
        'in',
        k.selectFrom('devices').select('positionId').where('positionId', 'is not', null) as never,
      );
    const devices = visibleIds(services.db, scope, 'devices');
    if (devices) latest = latest.where('deviceId', 'in', devices as never);
    const positions = (await latest.execute()).map(positionJson);
    if (positions.length) socket.send(JSON.stringify({ positions }));
  });
}
