/** `npm run restore FILE`: replaces the configured database with a backup (stop the server first). */
import { loadConfig } from '../../../server/src/config';
import { userPath } from './userPath';
import { restore } from './backupRestore';

const file = userPath(process.argv[2]);
if (!file) {
  console.error('Usage: npm run restore FILE   (a file written by npm run backup; stop the server first)');
  process.exit(2);
}
try {
  const config = loadConfig();
  const aside = await restore(config, file);
  console.log(`Restored the ${config.database.kind} database from ${file}`);
  if (aside) console.log(`The database it replaced was moved to ${aside}`);
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`);
  process.exit(1);
}
