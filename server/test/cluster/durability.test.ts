import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client } from '../harness';
import { spawnServer } from '../processes';
import { FakeTeltonika } from '../teltonikaDevice';
import { openDatabase } from '../../src/db/database';

describe('durability', () => {
  it('keeps every acknowledged record when the server is killed with SIGKILL during ingestion', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'frota-kill-'));
    const env = { FROTA_DATA_DIR: dir, FROTA_ADMIN_PASSWORD: 'kill-pass' };
    try {
      const server = await spawnServer(env);
      const admin = new Client(server.base);
      await admin.login('admin@frota.local', 'kill-pass');
      const imeis = Array.from({ length: 8 }, (_, i) => String(356307042441100 + i));
      for (const imei of imeis) await admin.post('/api/devices', { name: imei, uniqueId: imei });

      const acked = new Map<string, number[]>();
      let stop = false;
      // the kill comes once enough records are acknowledged, every device still sending
      const KILL_AFTER = 200;
      let total = 0;
      let enough!: () => void;
      const ackedEnough = new Promise<void>((resolve) => (enough = resolve));
      const start = Date.now() - 3600_000;
      const runDevice = async (imei: string, index: number) => {
        const dev = new FakeTeltonika(server.teltonikaPort);
        if ((await dev.connect(imei)) !== 1) throw new Error('refused');
        const times: number[] = [];
        acked.set(imei, times);
        let t = start + index;
        try {
          while (!stop) {
            const batch = Array.from({ length: 10 }, () => ({
              time: (t += 1000),
              lat: -8.8 - (t % 1000) / 1e5,
              lon: 13.2,
              ignition: true,
            }));
            const n = await dev.send(batch);
            if (n === batch.length) {
              times.push(...batch.map((r) => r.time));
              if ((total += n) >= KILL_AFTER) enough();
            }
          }
        } catch {
          // The server died under us: records without an ack may or may not be stored.
        } finally {
          dev.close();
        }
      };
      const running = imeis.map(runDevice);
      await ackedEnough;
      await server.stop('SIGKILL');
      stop = true;
      await Promise.all(running);
      expect([...acked.values()].reduce((n, t) => n + t.length, 0)).toBeGreaterThan(100);

      const db = openDatabase({ kind: 'sqlite', file: join(dir, 'frota.db') });
      for (const [imei, times] of acked) {
        const device = await db.kysely
          .selectFrom('devices')
          .select('id')
          .where('uniqueId', '=', imei)
          .executeTakeFirstOrThrow();
        const stored = new Set(
          (
            await db.kysely
              .selectFrom('positions')
              .select('fixTime')
              .where('deviceId', '=', device.id)
              .execute()
          ).map((r) => Number(r.fixTime)),
        );
        const lost = times.filter((t) => !stored.has(t));
        expect(lost, imei).toEqual([]);
      }
      await db.close();

      // And the server starts again on the same data.
      const again = await spawnServer(env);
      const c = new Client(again.base);
      expect((await c.login('admin@frota.local', 'kill-pass')).status).toBe(200);
      expect((await c.get('/api/devices')).body).toHaveLength(8);
      expect(await again.stop()).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
