import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, STABLE_PORTS } from './processes';

describe('freePort', () => {
  it('picks loopback ports below the ephemeral range, free to bind when asked', async () => {
    const ports = await Promise.all(Array.from({ length: 8 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(STABLE_PORTS.from);
      expect(port).toBeLessThan(STABLE_PORTS.to);
    }
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(ports[0], '127.0.0.1', () => resolve());
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
