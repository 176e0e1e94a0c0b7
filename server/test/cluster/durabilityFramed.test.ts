/**
 * Issue 37: the framed protocols lose nothing when the server is killed mid-stream. A GT06 tracker (every
 * frame acked) and a Coban tracker (positions unanswered, a heartbeat's answer proving the commit) send
 * until SIGKILL; every record they saw acknowledged is in the database afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIMULATED_DEVICES } from '../../src/protocols';
import { openDatabase } from '../../src/db/database';
import { FramedClient } from '../../../tools/src/simulator/framedClient';
import type { Sample } from '../../../tools/src/simulator/vehicle';
import { Client } from '../harness';
import { freePort, spawnServer } from '../processes';

const sample = (time: number): Sample => ({
  time,
  latitude: -8.8 - (time % 1000) / 1e5,
  longitude: 13.2,
  altitude: 40,
  course: 90,
  speedKmh: 30,
  satellites: 9,
  ignition: true,
  motion: true,
  idling: false,
  odometer: 1000,
  fuel: 50,
  powerMv: 12_500,
  batteryMv: 4_100,
  rssi: 4,
  driver: null,
  event: null,
});

describe('durability of the framed protocols', () => {
  it('keeps every acknowledged GT06 and Coban record when the server is killed during ingestion', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'frota-kill-framed-'));
    const ports = { gt06: await freePort(), gps103: await freePort() };
    const env = {
      FROTA_DATA_DIR: dir,
      FROTA_ADMIN_PASSWORD: 'kill-pass',
      FROTA_GT06_PORT: String(ports.gt06),
      FROTA_GPS103_PORT: String(ports.gps103),
    };
    try {
      const server = await spawnServer(env);
      const admin = new Client(server.base);
      await admin.login('admin@frota.local', 'kill-pass');
      const trackers = (['gt06', 'gps103'] as const).flatMap((protocol, p) =>
        Array.from({ length: 4 }, (_, i) => ({ protocol, imei: String(356307042442000 + p * 10 + i) })),
      );
      for (const t of trackers) await admin.post('/api/devices', { name: t.imei, uniqueId: t.imei });

      const acked = new Map<string, number[]>();
      let stop = false;
      let total = 0;
      let enough!: () => void;
      const ackedEnough = new Promise<void>((resolve) => (enough = resolve));
      // whole seconds: GT06 and Coban frames carry no milliseconds
      const start = Math.floor(Date.now() / 1000) * 1000 - 3600_000;
      const run = async ({ protocol, imei }: (typeof trackers)[number]) => {
        const client = new FramedClient({
          host: '127.0.0.1',
          port: ports[protocol],
          uniqueId: imei,
          device: SIMULATED_DEVICES[protocol],
          timeoutMs: 10_000,
        });
        const times: number[] = [];
        acked.set(imei, times);
        let t = start;
        try {
          while (!stop) {
            const batch = Array.from({ length: 5 }, () => sample((t += 1000)));
            await client.send(batch);
            times.push(...batch.map((s) => s.time));
            if ((total += batch.length) >= 200) enough();
          }
        } catch {
          // the server died under us: records without an answer may or may not be stored
        } finally {
          client.close();
        }
      };
      const running = trackers.map(run);
      await ackedEnough;
      await server.stop('SIGKILL');
      stop = true;
      await Promise.all(running);
      expect(total).toBeGreaterThanOrEqual(200);

      const db = openDatabase({ kind: 'sqlite', file: join(dir, 'frota.db') });
      try {
        for (const [imei, times] of acked) {
          const rows = await db.kysely
            .selectFrom('positions')
            .innerJoin('devices', 'devices.id', 'positions.deviceId')
            .select('positions.fixTime')
            .where('devices.uniqueId', '=', imei)
            .execute();
          const stored = new Set(rows.map((r) => Number(r.fixTime)));
          expect(
            times.filter((time) => !stored.has(time)),
            imei,
          ).toEqual([]);
        }
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
