/**
 * Storing one uploaded tachograph file: read with `readDdd` (anything else is refused with its Portuguese
 * message), linked to its vehicle or driver among those the uploader sees (else kept as the uploader's own),
 * kept with its bytes in the database (as the documents' files are, so every server node serves it), and, for
 * a driver card, its daily activity imported under the file's owner. The same bytes uploaded again are not
 * stored twice: the row the user already sees is returned (and linked if it was not).
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../../db/database';
import type { Scope } from '../../../auth/policy';
import { readDdd, baseFileName, type DddFile } from '../ddd';
import { saveCardActivity } from './activityStore';
import { linkCardVehicle, linkDriver, linkVehicle, type FileLink } from './entityLink';
import { ownerKeyOf } from './owner';
import { cardKey, plateKey } from './keys';
import { fileVisibility } from './visibility';

/** Document 3 §9: upload maximum 5 MB. */
export const MAX_TACHO_FILE_BYTES = 5_242_880;
export const TOO_LARGE = 'O tamanho máximo permitido é de 5 MB';

export type StoreOutcome = { ok: true; id: number } | { ok: false; filename: string; message: string };

/** `D:<card number>` or `V:<VIN, else VRN>`: what schedules and staleness are kept per. */
export function entityKeyOf(file: Pick<DddFile, 'kind' | 'entity'>): string {
  if (file.kind === 'D') return `D:${cardKey(file.entity.cardNumber)}`;
  return `V:${plateKey(file.entity.vin) || plateKey(file.entity.vrn)}`;
}

/** Driver: first names then surname; vehicle: the VRN, else the VIN. */
export function entityName(file: Pick<DddFile, 'kind' | 'entity'>): string {
  const { entity } = file;
  if (file.kind === 'D')
    return [entity.firstNames, entity.surname].filter(Boolean).join(' ').trim() || cardKey(entity.cardNumber);
  return (entity.vrn ?? '').trim() || (entity.vin ?? '').trim();
}

async function linkOf(db: Db, scope: Scope, file: DddFile): Promise<FileLink> {
  if (file.kind === 'D')
    return {
      deviceId: await linkCardVehicle(db, scope, file.entity.cardNumber ?? ''),
      driverId: await linkDriver(db, scope, file.entity.cardNumber ?? ''),
    };
  return { deviceId: await linkVehicle(db, scope, file.entity), driverId: null };
}

export async function storeTachoFile(
  db: Db,
  scope: Scope,
  upload: { fileName: string; bytes: Buffer },
  now = Date.now(),
): Promise<StoreOutcome> {
  const filename = baseFileName(upload.fileName) || 'ficheiro';
  if (upload.bytes.length > MAX_TACHO_FILE_BYTES) return { ok: false, filename, message: TOO_LARGE };
  const read = readDdd(upload.bytes, upload.fileName);
  if (!read.ok) return { ok: false, filename, message: read.message };
  const file = read.file;
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  const link = await linkOf(db, scope, file);

  const importActivity = async (ownerKey: string, trx?: Parameters<typeof saveCardActivity>[5]) => {
    if (file.kind === 'D' && file.activities?.length)
      await saveCardActivity(
        db,
        ownerKey,
        file.entity.cardNumber ?? '',
        file.activities,
        file.downloadDate,
        trx,
      );
  };

  const existing = await existingVisible(db, scope, sha256);
  if (existing) {
    if (existing.deviceId === null && existing.driverId === null && (link.deviceId || link.driverId)) {
      existing.ownerKey = ownerKeyOf(link, scope.user.id);
      await db.kysely
        .updateTable('tachoFiles')
        .set({ ...link, ownerKey: existing.ownerKey })
        .where('id', '=', existing.id)
        .execute();
    }
  }
  const ownerKey = ownerKeyOf(link, scope.user.id);
  const id =
    existing?.id ??
    (await db.kysely.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('tachoFiles')
        .values({
          fileName: file.fileName.slice(0, 255),
          fileType: file.kind,
          entityKey: entityKeyOf(file).slice(0, 64),
          name: entityName(file).slice(0, 255),
          cardNumber: file.kind === 'D' ? cardKey(file.entity.cardNumber).slice(0, 32) || null : null,
          vrn: file.kind === 'V' ? (file.entity.vrn ?? '').trim().slice(0, 32) || null : null,
          vin: file.kind === 'V' ? (file.entity.vin ?? '').trim().slice(0, 32) || null : null,
          ...link,
          generation: file.generation,
          downloadDate: file.downloadDate !== null ? file.downloadDate * 1000 : now,
          dataFrom: file.dataFrom !== null ? file.dataFrom * 1000 : null,
          dataTo: file.dataTo !== null ? file.dataTo * 1000 : null,
          days: file.days,
          fileSize: file.size,
          sha256,
          uploadedBy: scope.user.id,
          ownerKey,
          createdAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const fileId = Number(row.id);
      await trx.insertInto('tachoFileContents').values({ fileId, content: upload.bytes }).execute();
      await importActivity(ownerKey, trx);
      return fileId;
    }));
  // imported again on a repeated upload too: replacing a day with the same changes changes nothing
  if (existing) await importActivity(existing.ownerKey);
  return { ok: true, id };
}

async function existingVisible(
  db: Db,
  scope: Scope,
  sha256: string,
): Promise<{ id: number; deviceId: number | null; driverId: number | null; ownerKey: string } | undefined> {
  const row = await fileVisibility(
    db,
    scope,
    db.kysely
      .selectFrom('tachoFiles')
      .select(['tachoFiles.id', 'tachoFiles.deviceId', 'tachoFiles.driverId', 'tachoFiles.ownerKey'])
      .where('tachoFiles.sha256', '=', sha256),
  )
    .orderBy('tachoFiles.id')
    .executeTakeFirst();
  return row
    ? {
        id: Number(row.id),
        deviceId: row.deviceId === null ? null : Number(row.deviceId),
        driverId: row.driverId === null ? null : Number(row.driverId),
        ownerKey: row.ownerKey,
      }
    : undefined;
}
