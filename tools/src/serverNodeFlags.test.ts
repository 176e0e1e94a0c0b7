import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../serverNodeFlags.mjs';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('the server processes node flags', () => {
  it('are flags this node accepts, and they reach the process', () => {
    const run = spawnSync(
      process.execPath,
      [...SERVER_NODE_FLAGS, '-e', 'console.log(JSON.stringify(process.execArgv))'],
      {
        encoding: 'utf8',
      },
    );
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout).slice(0, SERVER_NODE_FLAGS.length)).toEqual(SERVER_NODE_FLAGS);
  });

  it('are given to every launcher of a server: npm start, the cluster nodes, the ingest bench', () => {
    expect(SERVER_NODE_FLAGS).toContain('--max-semi-space-size=64');
    expect(read('tools/start.mjs')).toMatch(
      /\[\.\.\.SERVER_NODE_FLAGS, '--import', 'tsx', 'server\/src\/main\.ts'\]/,
    );
    expect(read('tools/src/cluster/cluster.ts')).toMatch(
      /\[\.\.\.SERVER_NODE_FLAGS, '--import', 'tsx', 'server\/src\/main\.ts'\]/,
    );
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
    for (const flag of SERVER_NODE_FLAGS) expect(scripts['bench:ingest'].split(' ')).toContain(flag);
  });
});
