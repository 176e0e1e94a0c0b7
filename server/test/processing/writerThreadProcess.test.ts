import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(__dirname, '..', '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'frota-writer-thread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A process whose only work is a batch in SQLite's writer thread (a seeding tool, the server's shutdown):
 * it must wait for the commit and for the thread to end, then exit with 0. A thread that does not keep
 * the process alive while it works lets Node end it with 13 (a top-level await never settled).
 */
const SCRIPT = `
import { openDatabase } from ${JSON.stringify(join(root, 'server/src/db/database.ts'))};
import { migrateToLatest } from ${JSON.stringify(join(root, 'server/src/db/migrate.ts'))};
import { BatchWriter } from ${JSON.stringify(join(root, 'server/src/processing/batchWriter.ts'))};
import { recordAt } from ${JSON.stringify(join(root, 'server/test/positionRecords.ts'))};
const db = openDatabase({ kind: 'sqlite', file: ${JSON.stringify(join(dir, 'frota.db'))} });
await migrateToLatest(db);
const device = db.sqlite.prepare("INSERT INTO devices (name, unique_id, attributes) VALUES ('V', 'thread-1', '{}')").run();
const deviceId = Number(device.lastInsertRowid);
const writer = new BatchWriter(db);
const t = Date.UTC(2025, 0, 1);
const position = recordAt(deviceId, t, { protocol: 'teltonika' });
const written = await writer.write({ positions: [position], events: [], devices: [{ id: deviceId, positionIndex: 0, lastUpdate: t }] });
await writer.close();
const stored = db.sqlite.prepare('SELECT count(*) AS n FROM positions').get();
console.log(JSON.stringify({ ids: written.positionIds.length, stored: stored.n, thread: writer.stats.threadCommits }));
await db.close();
`;

describe('SQLite writer thread in a process of its own', () => {
  it('keeps the process alive while a batch commits and while the thread ends, then exits with 0', async () => {
    const script = join(dir, 'writeOnce.mts');
    writeFileSync(script, SCRIPT);
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    expect({ code, err: code === 0 ? '' : err }).toEqual({ code: 0, err: '' });
    expect(JSON.parse(out.trim())).toEqual({ ids: 1, stored: 1, thread: 1 });
  });
});
