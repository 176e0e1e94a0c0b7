/** The Traccar receiver without its setting: off (404), and a setting too short to be a secret. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shapeDialects, startTestServer, type TestServer } from '../../harness';

describe.each(shapeDialects())('the Traccar receiver without FROTA_FORWARD_TOKEN on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => server?.close());

  it('answers 404 on both routes, whatever the caller sends', async () => {
    for (const path of ['/api/forward/traccar/positions', '/api/forward/traccar/events']) {
      const res = await fetch(server.base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer anything-at-all-0123' },
        body: JSON.stringify({}),
      });
      expect(res.status).toBe(404);
    }
  });

  it('refuses to start with a token shorter than 16 characters', async () => {
    await expect(startTestServer(dialect, { FROTA_FORWARD_TOKEN: 'short' })).rejects.toThrow(
      /Invalid configuration \(forward\): .*at least 16 characters/,
    );
  });
});
