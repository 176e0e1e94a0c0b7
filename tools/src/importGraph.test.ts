import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { circles, measure, roomOf, ROOMS } from '../import-graph.mjs';

let repo: string | undefined;
afterEach(() => {
  if (repo) rmSync(repo, { recursive: true, force: true });
  repo = undefined;
});

/** A small repository: `files` maps a path to its source. */
function tree(files: Record<string, string>): string {
  repo = mkdtempSync(join(tmpdir(), 'frota-graph-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
  return repo;
}

describe('graph:imports', () => {
  it('places files in their rooms: a module area, a folder, a root file', () => {
    expect(roomOf(ROOMS.server, 'modules/refills/routes.ts')).toEqual({
      room: 'modules/refills',
      layer: 12,
      area: true,
    });
    expect(roomOf(ROOMS.server, 'db/migrate.ts')).toMatchObject({ room: 'db', area: false });
    expect(roomOf(ROOMS.server, 'server.ts')).toMatchObject({ room: 'server.ts' });
    expect(roomOf(ROOMS.server, 'manifest/serverModule.ts')).toMatchObject({ room: 'manifest', layer: 11 });
    expect(roomOf(ROOMS.web, 'refills/RefillCentrePage.tsx')).toMatchObject({ room: 'refills', area: true });
    expect(roomOf(ROOMS.web, 'common/DataList.tsx')).toMatchObject({ room: 'common', area: false });
    // a new folder of web/src is an area without being named anywhere
    expect(roomOf(ROOMS.web, 'fuelCards/area.ts')).toMatchObject({ room: 'fuelCards', layer: 5, area: true });
  });

  it('finds circles of two files and more, largest first', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['e']],
      ['e', ['d']],
      ['f', ['a']],
    ]);
    expect(circles(graph)).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
  });

  it('counts upward imports, imports between areas, circles and as-never casts', () => {
    const root = tree({
      // downward: fine
      'server/src/reports/trips.ts': "import { db } from '../db/database';\nexport const trips = db;",
      'server/src/db/database.ts': 'export const db = 1;',
      // upward twice from one room pair, type-only included
      'server/src/auth/guard.ts':
        "import type { Ctx } from '../services/context';\nimport { x } from '../services/context.js';\nexport const g = x as never;",
      'server/src/services/context.ts': 'export type Ctx = number;\nexport const x = 1 as never;',
      // two module areas: one imports the other, and they form a circle
      'server/src/modules/a/one.ts': "export { two } from '../b/two';\nexport const one = 1;",
      'server/src/modules/b/two.ts': "import { one } from '../a/one';\nexport const two = one;",
      // tests are left out
      'server/src/db/database.test.ts': "import '../api/routes';",
      // web: an area reads another area and the shell; the shell reads areas (allowed)
      'web/src/refills/Page.tsx':
        "import { F } from '../alerts/FilterBar';\nimport { s } from '../app/session';\nexport const P = [F, s];",
      'web/src/alerts/FilterBar.tsx': 'export const F = 1;',
      'web/src/app/session.ts': 'export const s = 1;',
      'web/src/app/pages.ts': "export const pages = () => import('../refills/Page');",
    });
    const line = measure(root, { list: true });
    expect(line.server).toMatchObject({
      files: 6,
      upward: 2,
      upwardPairs: 1,
      crossArea: 2,
      circles: 1,
      largestCircle: 2,
    });
    expect(line.web).toMatchObject({ files: 4, upward: 1, upwardPairs: 1, crossArea: 1, circles: 0 });
    expect(line.crossArea).toBe(1);
    expect(line.asNever).toBe(2);
    expect(line.details.server.upward).toEqual({
      'auth -> services': ['auth/guard.ts -> services/context.ts', 'auth/guard.ts -> services/context.ts'],
    });
    expect(line.details.web.crossArea).toEqual({
      'refills -> alerts': ['refills/Page.tsx -> alerts/FilterBar.tsx'],
    });
  });

  it('finds no import circle in server/src or web/src (docs/ARCHITECTURE.md)', () => {
    const line = measure(resolve(dirname(fileURLToPath(import.meta.url)), '../..'), { list: true });
    expect(line.details.server.circles).toEqual([]);
    expect(line.details.web.circles).toEqual([]);
  });
});
