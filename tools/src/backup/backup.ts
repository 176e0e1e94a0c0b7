/** `npm run backup [FILE]`: a consistent copy of the configured database while the server runs. */
import { statSync } from 'node:fs';
import { loadConfig } from '../../../server/src/config';
import { userPath } from './userPath';
import { backup } from './backupRestore';

try {
  const config = loadConfig();
  const file = await backup(config, userPath(process.argv[2]));
  console.log(
    `Backup of the ${config.database.kind} database written to ${file} (${statSync(file).size} bytes)`,
  );
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exit(1);
}
