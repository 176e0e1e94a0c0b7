import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REPORTS } from '../../src/reports/registry';

// line breaks inside a column title are only wrapping
const doc = readFileSync(new URL('../../src/reports/REPORTS.md', import.meta.url), 'utf8').replace(
  /[ \t]*\n(?![#|\n-])[ \t]*/g,
  ' ',
);

function section(name: string): string {
  const start = doc.indexOf(`### ${name} (`);
  expect(start, `REPORTS.md has a section for ${name}`).toBeGreaterThan(0);
  const next = doc.indexOf('\n### ', start + 4);
  const end = doc.indexOf('\n## ', start);
  return doc.slice(start, Math.min(next < 0 ? doc.length : next, end < 0 ? doc.length : end));
}

describe('REPORTS.md, the contract of the report screens', () => {
  it('describes every report, its permission and every column the server sends', () => {
    for (const def of REPORTS.values()) {
      const text = section(def.name);
      expect(text, def.name).toContain(`(\`${def.title}\`)`);
      expect(doc).toMatch(
        new RegExp(`\\|\\s*${def.name}\\s*\\|\\s*${def.permission.replace('.', '\\.')}\\s*\\|`),
      );
      if (typeof def.columns !== 'string')
        for (const c of def.columns) expect(text, `${def.name}: ${c.title}`).toContain(c.title);
    }
  });
});
