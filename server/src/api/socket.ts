/**
 * WebSocket /api/socket: on open, the devices and latest positions the user may see; then live messages
 * for those devices only (LiveHub). Pings keep proxies from closing idle sockets and drop dead peers, and
 * close the socket of a session that has ended. The upgrade passes the cross-site check (originCheck.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services/context';
import { optionalScope } from '../auth/guard';
import { findSession } from '../auth/sessions';
import { PrivacyFilter } from '../auth/privacy';
import { deviceJson, positionJson } from '../db/rows';
import { listRows } from '../services/entities';
import { latestPositionRows } from './latestPositions';

export const PING_MS = 30_000;

export function socketRoutes(app: FastifyInstance, services: Services) {
  app.get('/api/socket', { websocket: true, schema: { hide: true } }, async (socket, req) => {
    const scope = await optionalScope(services, req);
    if (!scope) {
      socket.close(4401, 'Unauthorized');
      return;
    }
    await services.live.register(socket, scope);
    let alive = true;
    socket.on('pong', () => (alive = true));
    const ping = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
      // A session ended elsewhere (logout, revoked token, password change) stops streaming too.
      void findSession(services.db, scope.sessionId).then(
        (session) => session || socket.close(4401, 'Unauthorized'),
        () => undefined,
      );
    }, PING_MS);
    socket.on('close', () => clearInterval(ping));

    const [positions, deviceRows, privacy] = await Promise.all([
      latestPositionRows(services.db, scope),
      listRows(services.db, scope, 'devices'),
      PrivacyFilter.for(services.db, scope.user),
    ]);
    socket.send(
      JSON.stringify({
        devices: deviceRows.map(deviceJson),
        positions: positions.map((p) => privacy.apply(positionJson(p))),
      }),
    );
  });
}
