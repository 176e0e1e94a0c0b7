/**
 * The live hub serializes once per distinct payload per flush (issue 24): sockets whose users see the same
 * vehicles share one JSON text; a user who sees fewer gets a text of its own, with only its vehicles.
 */
import type { PositionJson } from '@frota/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shapeDialects, startTestServer, userClient, type Client, type TestServer } from '../harness';
import { openLive, type LiveClient } from '../liveClient';

describe.each(shapeDialects())('live hub flush on %s', (dialect) => {
  let server: TestServer;
  let admin: Client;
  let user: Client;
  let seen: number;
  let hidden: number;
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = await server.admin();
    seen = (await admin.post('/api/devices', { name: 'Vista', uniqueId: 'ser-1' })).body.id;
    hidden = (await admin.post('/api/devices', { name: 'Escondida', uniqueId: 'ser-2' })).body.id;
    const u = await userClient(server, admin, { email: 'vista@x.ao' });
    await admin.post('/api/permissions', { userId: u.id, deviceId: seen });
    user = u.client;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.close();
  });

  const open = async (client: Client) => {
    // opened once the opening message (devices and latest positions) is here: the socket route sends
    // it, not a flush
    const live = await openLive(server.base, client.cookie);
    sockets.push(live);
    expect(live.messages).toHaveLength(1);
    return live;
  };

  it('sends one text to the sockets that see the same items, serialized once per flush', async () => {
    const admins = [await open(admin), await open(admin), await open(admin)];
    const users = [await open(user), await open(user)];
    const stats = server.services.live.stats;
    const before = { ...stats };
    const now = new Date().toISOString();
    const position = (deviceId: number, latitude: number): PositionJson => ({
      id: deviceId * 10,
      deviceId,
      protocol: 'osmand',
      serverTime: now,
      deviceTime: now,
      fixTime: now,
      outdated: false,
      valid: true,
      latitude,
      longitude: 13.2,
      altitude: 0,
      speed: 0,
      course: 0,
      accuracy: 0,
      address: null,
      event: null,
      attributes: {},
    });
    server.services.live.publish({
      devices: [
        { id: seen, name: 'Vista', status: 'online' },
        { id: hidden, name: 'Escondida', status: 'online' },
      ],
      positions: [position(seen, -8.8), position(hidden, -8.9)],
    });
    const all = [...admins, ...users];
    for (const s of all) await s.until(() => s.messages.length >= 2, 'the flushed message');
    // one flush sends to every socket at once: any second text would have come before the pongs
    for (const s of all) await s.roundTrip();
    expect(all.map((s) => s.messages.length)).toEqual([2, 2, 2, 2, 2]);
    expect(stats.messages - before.messages).toBe(5);
    expect(stats.serialized - before.serialized).toBe(2);
    expect(stats.positions - before.positions).toBe(3 * 2 + 2 * 1);

    const [first, ...others] = admins.map((s) => s.messages[1]);
    for (const m of others) expect(m).toEqual(first);
    expect(first.devices!.map((d) => d.id)).toEqual([seen, hidden]);
    expect(first.positions!.map((p) => p.deviceId)).toEqual([seen, hidden]);
    for (const s of users) {
      expect(s.messages[1].devices!.map((d) => d.id)).toEqual([seen]);
      expect(s.messages[1].positions!.map((p) => p.deviceId)).toEqual([seen]);
    }

    // a message only the administrators see: one more text, sent to the three of them only
    const mid = { ...stats };
    server.services.live.publish({ devices: [{ id: hidden, name: 'Escondida', status: 'offline' }] });
    for (const s of admins) await s.until(() => s.messages.length >= 3, 'the flushed message');
    for (const s of all) await s.roundTrip();
    expect(admins.map((s) => s.messages.length)).toEqual([3, 3, 3]);
    expect(users.map((s) => s.messages.length)).toEqual([2, 2]);
    expect(stats.messages - mid.messages).toBe(3);
    expect(stats.serialized - mid.serialized).toBe(1);
  });
});
