import { Linter } from 'eslint';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import housePlan, { housePlanRule } from '../eslint/housePlan.mjs';
import exceptions from '../house-plan-exceptions.json';
import { measure } from '../import-graph.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Lints `code` as if it were the file at `path` of this repository; the messages of the house-plan rule. */
function lint(path: string, code: string, rule = housePlanRule(repo, new Set())) {
  const linter = new Linter({ configType: 'flat' });
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.ts', '**/*.tsx'],
          plugins: { frota: { rules: { 'house-plan': rule } } },
          rules: { 'frota/house-plan': 'error' },
        },
      ],
      { filename: join(repo, path) },
    )
    .map((m) => m.message);
}

describe('lint: the house plan', () => {
  it('lets an import point down or stay in its room', () => {
    expect(lint('server/src/reports/newReport.ts', "import { openDatabase } from '../db/database';")).toEqual(
      [],
    );
    expect(lint('server/src/db/other.ts', "import { openDatabase } from './database';")).toEqual([]);
    expect(lint('web/src/refills/NewPart.tsx', "import { DataList } from '../common/DataList';")).toEqual([]);
    expect(lint('server/src/db/other.test.ts', "import '../api/commands';")).toEqual([]);
  });

  it('refuses an upward import, naming both rooms', () => {
    const [message] = lint('server/src/db/newFile.ts', "export { sendOrQueue } from '../api/commands';");
    expect(message).toContain('db/newFile.ts (db) imports api/commands.ts (api), a room above it');
    expect(lint('web/src/common/NewList.tsx', "const p = import('../app/pages');")).toHaveLength(1);
  });

  it('refuses an import from one area into another', () => {
    const [message] = lint(
      'web/src/tacho/NewPage.tsx',
      "import { EventDialog } from '../alerts/EventDialog';",
    );
    expect(message).toContain('from another area (alerts)');
    expect(lint('server/src/modules/refills/x.ts', "import '../cameras/routes';")).toHaveLength(1);
  });

  it('lets through only the listed exceptions, by file and import', () => {
    const listed = "import { sendOrQueue } from '../../api/commands';";
    const allowed = housePlanRule(
      repo,
      new Set(['server:modules/cameras/cameraCommand.ts -> api/commands.ts']),
    );
    expect(lint('server/src/modules/cameras/cameraCommand.ts', listed, allowed)).toEqual([]);
    expect(lint('server/src/modules/cameras/cameraCommand.ts', listed)).toHaveLength(1);
    expect(lint('server/src/modules/cameras/otherFile.ts', listed, allowed)).toHaveLength(1);
  });

  it('has no exception left: the repository keeps the plan (issue 35)', () => {
    expect(exceptions.server).toEqual([]);
    expect(exceptions.web).toEqual([]);
    expect(
      lint(
        'server/src/modules/cameras/cameraCommand.ts',
        "import '../../api/commands';",
        housePlan.rules['house-plan'],
      ),
    ).toHaveLength(1);
  });

  it('lists no exception that the code no longer has: the list only shrinks', () => {
    const { details } = measure(repo, { list: true });
    for (const tree of ['server', 'web'] as const) {
      const found = new Set(
        [...Object.values(details[tree].upward), ...Object.values(details[tree].crossArea)].flat(),
      );
      const listed = (exceptions[tree] as Array<{ imports: string[] }>).flatMap((e) => e.imports);
      expect(listed.filter((i) => !found.has(i))).toEqual([]);
      expect([...found].filter((i) => !listed.includes(i))).toEqual([]);
    }
  });
});
