/**
 * `npm run segments:rebuild [-- --device ID|UNIQUEID …] [--from ISO-TIME]`: computes the segments (trips,
 * stops and hourly figures the reports read) again for the vehicles given, or all, from that time on, or
 * from the beginning. The server may run meanwhile.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../../server/src/config';
import { openDatabase } from '../../../server/src/db/database';
import { migrateToLatest } from '../../../server/src/db/migrate';
import { rebuildSegments } from '../../../server/src/track/segments/rebuild';

const usage = 'Usage: npm run segments:rebuild -- [--device ID|UNIQUEID ...] [--from 2025-03-01T00:00:00Z]';

let args;
try {
  args = parseArgs({
    options: { device: { type: 'string', multiple: true }, from: { type: 'string' } },
  }).values;
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
const from = args.from === undefined ? undefined : Date.parse(args.from);
if (from !== undefined && !Number.isFinite(from)) {
  console.error(`Not a time: ${args.from}\n${usage}`);
  process.exit(2);
}
const config = loadConfig();
const db = openDatabase(
  config.database.kind === 'sqlite'
    ? { kind: 'sqlite', file: config.database.file, synchronous: config.database.synchronous }
    : { kind: 'postgres', url: config.database.url },
);
try {
  await migrateToLatest(db);
  const started = performance.now();
  const result = await rebuildSegments(db, { devices: args.device, from });
  console.log(JSON.stringify({ ...result, ms: Math.round(performance.now() - started) }));
} catch (err) {
  console.error(`Rebuild failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
