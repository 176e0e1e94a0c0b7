// Runs the test projects with Vitest (all of them, or those named by --project) and closes with one plain
// summary line ("tests: N passed, N failed, N skipped") that CI reads, then the timings line of
// `npm run test:timings` (the slowest files and the time per project), so every run shows where time goes.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { summarise } from './test-timings.mjs';

mkdirSync('.test-results', { recursive: true });
const out = '.test-results/vitest.json';
rmSync(out, { force: true });
const args = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}`,
  ...process.argv.slice(2),
];
const run = spawnSync('npx', args, { stdio: 'inherit' });
if (existsSync(out)) {
  const r = JSON.parse(readFileSync(out, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  const line = summarise(r);
  // a file whose set-up failed fails no test of its own (they are skipped): its failure is counted here
  const failedFiles = line.failedFiles.length;
  console.log(
    `tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped` +
      (failedFiles ? `; ${failedFiles} file${failedFiles === 1 ? '' : 's'} failed` : ''),
  );
  console.log(JSON.stringify(line));
}
process.exit(run.status ?? 1);
