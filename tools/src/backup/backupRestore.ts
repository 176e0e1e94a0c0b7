/** Backup and restore of the configured database (SQLite file or PostgreSQL), shared by the two commands. */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Config } from '../../../server/src/config';
import { backupSqlite, restoreSqlite } from './sqliteBackup';
import { backupPostgres, restorePostgres } from './postgresBackup';

/** 2025-03-10T08:00:00.000Z -> 20250310-080000 */
export function stampOf(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

/** Where a backup goes when no file is given: `<data dir>/backups/frota-<time>.db|.dump`. */
export function defaultBackupFile(config: Config, now = new Date()): string {
  const ext = config.database.kind === 'sqlite' ? 'db' : 'dump';
  return join(config.dataDir, 'backups', `frota-${stampOf(now)}.${ext}`);
}

export async function backup(config: Config, file?: string): Promise<string> {
  const target = resolve(file ?? defaultBackupFile(config));
  mkdirSync(dirname(target), { recursive: true });
  if (config.database.kind === 'sqlite') await backupSqlite(config.database.file, target);
  else await backupPostgres(config.database.url, target);
  return target;
}

/** Restores `file` into the configured database; for SQLite, returns where the previous file was moved. */
export async function restore(config: Config, file: string, now = new Date()): Promise<string | undefined> {
  const source = resolve(file);
  if (config.database.kind === 'sqlite') {
    mkdirSync(dirname(config.database.file), { recursive: true });
    return restoreSqlite(source, config.database.file, stampOf(now));
  }
  await restorePostgres(config.database.url, source);
  return undefined;
}
