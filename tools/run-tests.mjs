// Runs every test project with Vitest and closes with one plain summary line
// ("tests: N passed, N failed, N skipped") that CI reads.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';

mkdirSync('.test-results', { recursive: true });
const out = '.test-results/vitest.json';
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...process.argv.slice(2)];
const run = spawnSync('npx', args, { stdio: 'inherit' });
if (existsSync(out)) {
  const r = JSON.parse(readFileSync(out, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
}
process.exit(run.status ?? 1);
