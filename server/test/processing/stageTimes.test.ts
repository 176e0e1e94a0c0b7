/** The stage timer of bench:ingest (issue 38): off, it counts nothing; on, every stage of a stored batch adds. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness';
import type { DecodedPosition } from '../../src/protocols/types';
import { STAGES, stageTimes } from '../../src/processing/stageTimes';

describe('stage times', () => {
  let server: TestServer;
  const uniqueId = '860000000003801';
  let fix = Date.now() - 3_600_000;
  const records = (n: number): DecodedPosition[] =>
    Array.from({ length: n }, () => {
      fix += 10_000;
      return {
        protocol: 'osmand',
        uniqueId,
        fixTime: new Date(fix),
        deviceTime: new Date(fix),
        latitude: -8.8383,
        longitude: 13.2344,
        altitude: 54,
        speed: 21.6,
        course: 91,
        valid: true,
        attributes: { ignition: true },
      };
    });

  beforeAll(async () => {
    server = await startTestServer('sqlite');
    const admin = await server.admin();
    expect((await admin.post('/api/devices', { name: 'Cronómetro', uniqueId })).status).toBe(200);
  });
  afterAll(async () => {
    stageTimes.on = false;
    await server.close();
  });

  it('counts nothing while off (a server never turns it on)', async () => {
    stageTimes.reset();
    expect(stageTimes.on).toBe(false);
    await server.ingest.store(records(5));
    expect(Object.values(stageTimes.perRecord()).every((us) => us === 0)).toBe(true);
  });

  it('gives each stage its time per record while on', async () => {
    stageTimes.reset();
    stageTimes.on = true;
    await server.ingest.store(records(20));
    await server.ingest.writer.drain();
    stageTimes.on = false;
    const perRecord = stageTimes.perRecord();
    expect(Object.keys(perRecord)).toEqual([...STAGES]);
    for (const stage of ['filter', 'motion', 'zones', 'detectors', 'write', 'publish'] as const)
      expect(perRecord[stage], stage).toBeGreaterThan(0);
    // per record: the 20 records share the batch's commit
    const total = Object.values(perRecord).reduce((a, b) => a + b, 0);
    expect(total).toBeLessThan(1_000_000);
  });
});
