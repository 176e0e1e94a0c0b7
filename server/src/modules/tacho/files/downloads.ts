/** The stored bytes of the files a user asks for, only among those the user sees (else 404). */
import type { Db } from '../../../db/database';
import type { Scope } from '../../../auth/policy';
import { badRequest, notFound } from '../../../errors';
import { fileVisibility } from './visibility';

export interface FileContent {
  id: number;
  fileName: string;
  downloadDate: number;
  content: Buffer;
}

const CHUNK = 500;
/** The zip is built in memory: its files may total this much. */
export const MAX_ZIP_BYTES = 256 * 1024 * 1024;
export const ZIP_TOO_LARGE = 'Os ficheiros seleccionados excedem 256 MB: transfira-os em várias vezes';

/** Refuses (400) a selection whose files total more than the zip may hold; unseen ids are left to 404. */
export async function assertZipSize(
  db: Db,
  scope: Scope,
  ids: readonly number[],
  limit = MAX_ZIP_BYTES,
): Promise<void> {
  let total = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await fileVisibility(
      db,
      scope,
      db.kysely
        .selectFrom('tachoFiles')
        .select('tachoFiles.fileSize')
        .where('tachoFiles.id', 'in', ids.slice(i, i + CHUNK)),
    ).execute();
    total += rows.reduce((sum, r) => sum + Number(r.fileSize), 0);
  }
  if (total > limit) throw badRequest(ZIP_TOO_LARGE);
}

/** The files in the order asked; any id the user does not see (or that does not exist) answers 404. */
export async function fileContents(db: Db, scope: Scope, ids: readonly number[]): Promise<FileContent[]> {
  const found = new Map<number, FileContent>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await fileVisibility(
      db,
      scope,
      db.kysely
        .selectFrom('tachoFiles')
        .innerJoin('tachoFileContents', 'tachoFileContents.fileId', 'tachoFiles.id')
        .select([
          'tachoFiles.id',
          'tachoFiles.fileName',
          'tachoFiles.downloadDate',
          'tachoFileContents.content',
        ])
        .where('tachoFiles.id', 'in', ids.slice(i, i + CHUNK)),
    ).execute();
    for (const r of rows)
      found.set(Number(r.id), {
        id: Number(r.id),
        fileName: r.fileName,
        downloadDate: Number(r.downloadDate),
        content: Buffer.from(r.content.buffer, r.content.byteOffset, r.content.byteLength),
      });
  }
  return ids.map((id) => {
    const file = found.get(id);
    if (!file) throw notFound();
    return file;
  });
}

/** `tacho_files_YYYYMMDD_HHMM.zip` (UTC). */
export function zipName(now = Date.now()): string {
  const iso = new Date(now).toISOString();
  return `tacho_files_${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}_${iso.slice(11, 13)}${iso.slice(14, 16)}.zip`;
}
