/**
 * SQLite through better-sqlite3's online backup API: a consistent copy while the server keeps writing
 * (WAL), page by page, without stopping it.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import SQLite from 'better-sqlite3';

export async function backupSqlite(file: string, target: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`no database at ${file}`);
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(target);
  } finally {
    db.close();
  }
}

const SIDE_FILES = ['', '-wal', '-shm'];

/**
 * Replaces `file` with the backup `source`. The database there before (with its WAL, which may hold
 * committed pages) is moved aside, never deleted: `<file>.before-restore-<time>`. The server must be
 * stopped while this runs.
 */
export async function restoreSqlite(
  source: string,
  file: string,
  stamp: string,
): Promise<string | undefined> {
  if (!existsSync(source)) throw new Error(`no backup at ${source}`);
  const check = new SQLite(source, { readonly: true, fileMustExist: true });
  let partial: string | undefined;
  try {
    const ok = check.pragma('quick_check', { simple: true });
    if (ok !== 'ok') throw new Error(`${source} is damaged: ${String(ok)}`);
    partial = `${file}.restoring`;
    rmSync(partial, { force: true });
    await check.backup(partial);
  } finally {
    check.close();
  }
  let aside: string | undefined;
  if (existsSync(file)) {
    aside = `${file}.before-restore-${stamp}`;
    for (const suffix of SIDE_FILES) if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
  }
  renameSync(partial, file);
  return aside;
}
