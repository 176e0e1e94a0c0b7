import { describe, expect, it } from 'vitest';
import { projectOf, summarise } from '../test-timings.mjs';

const file = (name: string, start: number, end: number, statuses: string[], status?: string) => ({
  name: `/repo/${name}`,
  startTime: start,
  endTime: end,
  status: status ?? (statuses.includes('failed') ? 'failed' : 'passed'),
  assertionResults: statuses.map((status) => ({ status })),
});

describe('test:timings', () => {
  it('names the project of a test file as vitest.config.ts does', () => {
    expect(projectOf('e2e/login.test.ts')).toBe('e2e');
    expect(projectOf('web/src/app/x.test.tsx')).toBe('web');
    expect(projectOf('core/src/a.test.ts')).toBe('core');
    expect(projectOf('server/test/entities.test.ts')).toBe('api');
    expect(projectOf('tools/src/seedDemo.test.ts')).toBe('api');
    expect(projectOf('server/src/protocols/a.test.ts')).toBe('unit');
  });

  it('sums the files per project, sorts the slowest first and names files over 60 s', () => {
    const report = {
      startTime: 1_000,
      numTotalTests: 6,
      numPassedTests: 5,
      numFailedTests: 1,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [
        file('core/src/a.test.ts', 1_000, 1_500, ['passed', 'passed']),
        file('e2e/slow.test.ts', 1_000, 71_000, ['passed', 'failed']),
        file('e2e/quick.test.ts', 1_500, 11_500, ['passed']),
        file('server/test/b.test.ts', 1_100, 3_100, ['passed']),
      ],
    };
    const line = summarise(report, '/repo');
    expect(line.wallMs).toBe(70_000);
    expect(line).toMatchObject({ files: 4, tests: 6, passed: 5, failed: 1, skipped: 0 });
    expect(line.projects).toEqual({
      core: { files: 1, tests: 2, ms: 500 },
      e2e: { files: 2, tests: 3, ms: 80_000 },
      api: { files: 1, tests: 1, ms: 2_000 },
    });
    expect(line.slowest.map((f) => f.file)).toEqual([
      'e2e/slow.test.ts',
      'e2e/quick.test.ts',
      'server/test/b.test.ts',
      'core/src/a.test.ts',
    ]);
    expect(line.overSixtySeconds).toEqual(['e2e/slow.test.ts']);
    expect(line.failedFiles).toEqual(['e2e/slow.test.ts']);
    expect(JSON.stringify(line)).not.toContain('\n');
  });

  it('names the files that failed as a whole, such as one whose beforeAll failed', () => {
    const report = {
      startTime: 0,
      numTotalTests: 3,
      numPassedTests: 1,
      numFailedTests: 0,
      numPendingTests: 2,
      testResults: [
        file('server/test/ok.test.ts', 0, 10, ['passed']),
        file('server/test/setUp.test.ts', 0, 20, ['skipped', 'skipped'], 'failed'),
      ],
    };
    const line = summarise(report, '/repo');
    expect(line).toMatchObject({ failed: 0, skipped: 2, failedFiles: ['server/test/setUp.test.ts'] });
  });

  it('keeps only the 20 slowest files', () => {
    const testResults = Array.from({ length: 25 }, (_, i) =>
      file(`core/${i}.test.ts`, 0, i * 10, ['passed']),
    );
    const line = summarise({ startTime: 0, testResults }, '/repo');
    expect(line.slowest).toHaveLength(20);
    expect(line.slowest[0]).toEqual({ file: 'core/24.test.ts', ms: 240, tests: 1 });
  });
});
