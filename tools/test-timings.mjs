// Reads Vitest's JSON report (.test-results/vitest.json, written by `npm test`) and prints one JSON line:
// the run's wall time, the summed file time and test count per project, and the slowest 20 files.
// Usage: npm run test:timings [-- path/to/vitest.json]
import { readFileSync, existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';

/** Which Vitest project a test file belongs to, by the include patterns of vitest.config.ts. */
export function projectOf(file) {
  if (file.startsWith('e2e/')) return 'e2e';
  if (file.startsWith('web/')) return 'web';
  if (file.startsWith('core/')) return 'core';
  if (file.startsWith('server/test/') || file.startsWith('tools/')) return 'api';
  if (file.startsWith('server/')) return 'unit';
  return 'other';
}

export function summarise(report, root = process.cwd()) {
  const files = (report.testResults ?? []).map((result) => {
    const file = relative(root, resolve(root, result.name));
    const tests = result.assertionResults ?? [];
    return {
      file,
      project: projectOf(file),
      ms: Math.max(0, Math.round((result.endTime ?? 0) - (result.startTime ?? 0))),
      tests: tests.length,
      failed: tests.filter((test) => test.status === 'failed').length,
      status: result.status,
    };
  });
  const projects = {};
  for (const f of files) {
    const p = (projects[f.project] ??= { files: 0, tests: 0, ms: 0 });
    p.files += 1;
    p.tests += f.tests;
    p.ms += f.ms;
  }
  const ends = files.length ? Math.max(...(report.testResults ?? []).map((r) => r.endTime ?? 0)) : 0;
  return {
    timings: 'vitest',
    wallMs: report.startTime && ends ? Math.round(ends - report.startTime) : null,
    files: files.length,
    tests: report.numTotalTests ?? files.reduce((n, f) => n + f.tests, 0),
    passed: report.numPassedTests ?? null,
    failed: report.numFailedTests ?? null,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    // files that failed as a whole: a failed beforeAll fails no test of its own (its tests are skipped)
    failedFiles: files.filter((f) => f.status === 'failed').map((f) => f.file),
    overSixtySeconds: files.filter((f) => f.ms > 60_000).map((f) => f.file),
    projects,
    slowest: [...files]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 20)
      .map(({ file, ms, tests }) => ({ file, ms, tests })),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = process.argv[2] ?? '.test-results/vitest.json';
  if (!existsSync(path)) {
    console.error(`test:timings: no report at ${path} (run npm test first)`);
    process.exit(1);
  }
  console.log(JSON.stringify(summarise(JSON.parse(readFileSync(path, 'utf8')))));
}
