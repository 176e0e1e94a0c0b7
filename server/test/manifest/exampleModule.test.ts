/**
 * A module plugs in through its manifest alone (issue 35 point 2): a small module written here — a route,
 * a migration of its own table, a follower of stored records and a job — is added to the list a server
 * runs, and every part of it works on the real server, over HTTP and a real OsmAnd position, with no shared
 * file naming it. Without the manifest hooks in app.ts, server.ts and db/migrate.ts the route answers 404,
 * the table is missing and the follower hears nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import { dialects, insertDevice, startTestServer, type TestServer } from '../harness';
import { SERVER_MODULES } from '../../src/moduleList';
import type { ServerModule } from '../../src/manifest/serverModule';
import { requireScope } from '../../src/auth/guard';

/** What the example module's runtime did, for the test to read. */
const heard = {
  records: 0,
  started: 0,
  stopped: 0,
  closed: 0,
  parts: new Set<string>(),
  settings: undefined as unknown,
};
let settle: () => void = () => undefined;
let followed = new Promise<void>((resolve) => (settle = resolve));

const exampleModule: ServerModule = {
  name: 'example',
  settings: z.object({
    FROTA_EXAMPLE_GREETING: z.string().default('olá'),
    FROTA_EXAMPLE_LIMIT: z.coerce.number().int().positive().default(10),
  }),
  migrations: {
    '900_exampleNotes': () => ({
      async up(db) {
        await db.schema
          .createTable('exampleNotes')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('text', 'text', (c) => c.notNull())
          .execute();
      },
    }),
  },
  routes(app, services) {
    app.get('/api/example/notes', async (req) => {
      await requireScope(services, req);
      const { rows } = await sql<{ text: string }>`select text from example_notes order by id`.execute(
        services.db.kysely,
      );
      return rows.map((r) => r.text);
    });
  },
  start({ services, listening, settings }) {
    heard.started++;
    heard.settings = settings;
    return {
      onStored(positions) {
        heard.records += positions.length;
        void sql`insert into example_notes (id, text) values (${heard.records}, ${`heard ${positions.length}`})`
          .execute(services.db.kysely)
          .then(() => settle());
      },
      attach(parts) {
        for (const [name, part] of Object.entries(parts)) if (part !== undefined) heard.parts.add(name);
      },
      idle: () => followed,
      stop: async () => {
        if (listening) heard.stopped++;
      },
      close: async () => {
        heard.closed++;
      },
    };
  },
};

describe.each(dialects())('a module added by its manifest on %s', (dialect) => {
  let server: TestServer;
  let closed = false;

  beforeAll(async () => {
    heard.records = heard.started = heard.stopped = heard.closed = 0;
    heard.parts.clear();
    followed = new Promise<void>((resolve) => (settle = resolve));
    server = await startTestServer(
      dialect,
      { FROTA_EXAMPLE_GREETING: 'bom dia' },
      { modules: [...SERVER_MODULES, exampleModule] },
    );
  });
  afterAll(async () => {
    if (!closed) await server?.close();
  });

  it('reads its own settings from FROTA_* variables, with its defaults', () => {
    expect(heard.settings).toEqual({ FROTA_EXAMPLE_GREETING: 'bom dia', FROTA_EXAMPLE_LIMIT: 10 });
  });

  it('serves its route from its own migrated table, to signed-in users only', async () => {
    expect(heard.started).toBe(1);
    expect((await server.client().get('/api/example/notes')).status).toBe(401);
    const admin = await server.admin();
    const answer = await admin.get('/api/example/notes');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([]);
  });

  it('hears each committed record and is told of the running parts', async () => {
    await insertDevice(server.services.db, 'Exemplo', '860000000000901');
    const at = Math.floor(Date.UTC(2025, 0, 6, 9, 0, 0) / 1000);
    const response = await fetch(
      `http://127.0.0.1:${server.osmand!.port}/?id=860000000000901&lat=-8.83&lon=13.23&timestamp=${at}`,
    );
    expect(response.status).toBe(200);
    await server.modulesIdle();
    expect(heard.records).toBe(1);
    const admin = await server.admin();
    expect((await admin.get('/api/example/notes')).body).toEqual(['heard 1']);
    expect([...heard.parts].sort()).toEqual(['camera', 'framed', 'ingest', 'node', 'osmand', 'teltonika']);
  });

  it('is stopped and closed with the server', async () => {
    closed = true;
    await server.close();
    expect(heard.stopped).toBe(1);
    expect(heard.closed).toBe(1);
  });
});

describe('a module’s settings', () => {
  it('stop a server whose variable is wrong, naming the module and the variable', async () => {
    await expect(
      startTestServer('sqlite', { FROTA_EXAMPLE_LIMIT: 'many' }, { modules: [exampleModule] }),
    ).rejects.toThrow(/Invalid configuration \(example\): FROTA_EXAMPLE_LIMIT/);
  });
});

describe('the module list', () => {
  it('names each module once, with routes, migrations and runtimes that do not collide', () => {
    const names = SERVER_MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    const migrations = SERVER_MODULES.flatMap((m) => Object.keys(m.migrations ?? {}));
    expect(new Set(migrations).size).toBe(migrations.length);
    expect(SERVER_MODULES.filter((m) => m.start).length).toBeGreaterThan(0);
  });
});
