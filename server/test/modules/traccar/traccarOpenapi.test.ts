import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../harness';
import operations from '../../fixtures/traccarOperations.json';

/** Every operation of Traccar's published openapi.yaml (117, kept as test data) is routed under /api. */
describe('Traccar operations in our OpenAPI document', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => server.close());

  it('routes each of the 117 operations of Traccar’s document', async () => {
    expect(operations).toHaveLength(117);
    const doc = (await server.client().get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const missing = operations
      .filter((op) => !doc.paths[`/api${op.path}`]?.[op.method.toLowerCase()])
      .map((op) => `${op.method} ${op.path}`);
    expect(missing).toEqual([]);
  });
});
