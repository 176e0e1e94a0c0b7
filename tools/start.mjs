// `npm start`: builds the web app when it is missing or stale, then runs the server (TypeScript through tsx).
// `npm run demo`: the same, after seeding the demo fleet (and with the device simulator when present).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from './serverNodeFlags.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const demo = process.argv.includes('--demo');
const run = (args, cwd = root) => {
  const r = spawnSync(process.execPath, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

// the web app, built when missing, older than its sources, or the test suite's quick build
if (existsSync(join(root, 'web/vite.config.ts'))) run(['--import', 'tsx', 'tools/src/webBuildCurrent.ts']);
if (demo) run(['--import', 'tsx', 'tools/src/seedDemo.ts']);

// the demo's vehicle behind a Traccar server forwards with the receiver's token (set here unless given)
const env =
  demo && !process.env.FROTA_FORWARD_TOKEN
    ? { ...process.env, FROTA_FORWARD_TOKEN: randomBytes(24).toString('hex') }
    : process.env;
const children = [
  spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
];
const simulator = join(root, 'tools/src/simulator.ts');
if (demo && existsSync(simulator)) {
  // the seeded history's start (tools/src/seedDemo.ts): the vehicles go on from where it leaves them
  const history = resolve(root, process.env.FROTA_DATA_DIR ?? 'data', 'demo-history.json');
  const seeded = existsSync(history) ? JSON.parse(readFileSync(history, 'utf8')) : null;
  // the history kept the vehicles' working hours; from its end they work at any hour
  const warm = seeded
    ? [
        '--warm-from',
        String(seeded.from),
        ...(seeded.allDayFrom ? ['--allday-from', String(seeded.allDayFrom)] : []),
      ]
    : [];
  children.push(
    spawn(process.execPath, ['--import', 'tsx', simulator, '--wait', '--allday', '--also', 'demo', ...warm], {
      cwd: root,
      stdio: 'inherit',
      env,
    }),
  );
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((c) => c.kill(signal)));
children[0].on('exit', (code) => {
  children.slice(1).forEach((c) => c.kill('SIGTERM'));
  process.exit(code ?? 0);
});
