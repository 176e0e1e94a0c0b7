import { rmSync } from 'node:fs';
import { openDatabase } from './src/db/database';
import { migrateToLatest } from './src/db/migrate';
import { SQL } from './src/processing/batchWriterThread';
import Database from 'better-sqlite3';

const variant = process.argv[2] ?? 'base';
const file = `/tmp/wb/cost-${variant}.db`;
for (const s of ['', '-wal', '-shm']) rmSync(file + s, { force: true });
const setup = openDatabase({ kind: 'sqlite', file });
await migrateToLatest(setup);
const s0 = setup.sqlite!;
const ins = s0.prepare("INSERT INTO devices (name, unique_id, attributes) VALUES (?, ?, '{}')");
for (let i = 0; i < 200; i++) ins.run(`V${i}`, `u${i}`);
if (variant.includes('notally')) s0.exec('DROP TRIGGER positions_tally_insert');
if (variant.includes('nogen')) {
  s0.exec('DROP TRIGGER positions_tally_insert; DROP TRIGGER positions_tally_delete; DROP TRIGGER positions_tally_move; DROP INDEX positions_private; DROP INDEX positions_device_fix; DROP TABLE positions');
  s0.exec('CREATE TABLE "positions" ("id" integer primary key autoincrement, "device_id" integer not null references "devices" ("id") on delete cascade, "protocol" varchar(32), "server_time" bigint not null, "device_time" bigint not null, "fix_time" bigint not null, "valid" integer not null, "latitude" real not null, "longitude" real not null, "altitude" real default 0 not null, "speed" real default 0 not null, "course" real default 0 not null, "accuracy" real default 0 not null, "address" varchar(512), "event" integer, "attributes" text default \'{}\' not null); CREATE INDEX "positions_device_fix" on "positions" ("device_id", "fix_time")');
}
if (variant.includes('noprivate')) s0.exec('DROP INDEX positions_private');
await setup.close();
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma(`foreign_keys = ${variant.includes('nofk') ? 'OFF' : 'ON'}`);
db.pragma('mmap_size = 268435456');
db.pragma('wal_autocheckpoint = 10000');
const stmt = db.prepare(SQL.position);
const attrs = (i: number, t: number) => JSON.stringify({
  priority: 0, sat: 12, event: 0, io21: 5, io69: 1, io181: 8, io182: 6, io66: 12800 + (i % 100), io67: 4100,
  io68: 0, io239: 1, io240: 1, io80: 1, io24: 40, io16: 123456 + i, io200: 0, io113: 90, ignition: true,
  motion: true, power: 12.8, battery: 4.1, odometer: 123456 + i, distance: 11.1, totalDistance: 1e6 + i * 11.1,
  hours: 3_600_000 + i * 1000, lastignition: new Date(t).toISOString(),
});
const N = 100_000, B = 500;
const t0 = Date.UTC(2026, 0, 1);
const rows = Array.from({ length: N }, (_, i) => {
  const dev = 1 + (i % 200), t = t0 + Math.floor(i / 200) * 1000;
  return [dev, 'teltonika', t, t, t, 1, -8.8 + i * 1e-6, 13.2, 10, 40, 90, 0, null, null, variant.includes('small') ? '{}' : attrs(i, t)];
});
const write = db.transaction((batch: unknown[][]) => { for (const r of batch) stmt.run(r); });
let best = { c: Infinity, w: 0, s: 0 };
for (let rep = 0; rep < 3; rep++) {
  db.exec('DELETE FROM positions');
  const c0 = process.cpuUsage(); const w0 = performance.now();
  for (let i = 0; i < N; i += B) write(rows.slice(i, i + B));
  const c1 = process.cpuUsage(c0); const w1 = performance.now() - w0;
  if (c1.user + c1.system < best.c) best = { c: c1.user + c1.system, w: w1, s: c1.system };
}
const c = { user: best.c - best.s, system: best.s }; const w = best.w;
console.log(JSON.stringify({ variant, cpuUsPerRow: +((c.user + c.system) / N).toFixed(2), wallUsPerRow: +(w * 1000 / N).toFixed(2), sys: +(c.system / N).toFixed(2) }));
db.close();
