/**
 * Documents of a vehicle (document 3 §2, §3, §5). The file's bytes go to `document_files` in the same
 * transaction as the document row: every node reads them and a crash never leaves one without the other.
 */
import { validateDocument } from '@frota/core';
import { fromBool } from '../../db/mapping';
import { notFound } from '../../errors';
import { accepted, type Context, type Resource } from './crud';
import { DOCUMENT_COLUMNS, documentJson, listDocuments } from './documentRows';
import { readUpload } from './fileContent';
import { documentAnswer } from './schemas';

/** Room for a 5 MB file as a data URL and the fields; bigger files still get the Portuguese 400. */
export const DOCUMENT_BODY_LIMIT = 12 * 1024 * 1024;

function values(c: Context, body: Record<string, unknown>) {
  const v = accepted(validateDocument(body));
  return {
    designation: v.designation,
    documentType: v.documentType,
    warning: fromBool(c.db.dialect, v.warning === 1),
    expiryDate: v.warning ? v.expiryDate : null,
    ...(v.dateStart ? { dateStart: v.dateStart } : {}),
  };
}

async function row(c: Context, id: number) {
  const found = await c.db.kysely
    .selectFrom('documents')
    .select(DOCUMENT_COLUMNS)
    .where('id', '=', id)
    .where('deviceId', '=', c.vehicle.id)
    .executeTakeFirst();
  if (!found) throw notFound();
  return found;
}

export const documentResource: Resource = {
  path: 'document',
  what: 'document',
  answer: documentAnswer,
  bodyLimit: DOCUMENT_BODY_LIMIT,
  bodyDescription:
    'JSON { designation (or description), document_type (license, contract, insurance, inspection, tax, other), ' +
    'warning (0/1), expiry_date (required when warning=1), date_start (default today), file: { name, size, type, ' +
    'content } } with content a data URL or base64; file required on create, optional on update (replaces it). ' +
    'The type is read from the bytes: pdf, jpg or png only (400 "Tipo de ficheiro inválido (apenas pdf, jpg e ' +
    'png)"), at most 5,242,880 bytes (400 "O tamanho máximo permitido é de 5 MB"); request bodies up to 12 MiB. ' +
    'The bytes are stored in the database (document_files) in the same transaction as the row.',
  list: async (c, period) =>
    (await listDocuments(c.db, c.vehicle.id, period)).map((r) =>
      documentJson(r, c.vehicle.licensePlate, c.today),
    ),
  get: async (c, id) => documentJson(await row(c, id), c.vehicle.licensePlate, c.today),
  create: async (c, body) => {
    const v = values(c, body);
    const file = await readUpload(body.file);
    return c.db.kysely.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('documents')
        .values({
          dateStart: c.today,
          ...v,
          deviceId: c.vehicle.id,
          creationdate: Date.now(),
          fileType: file.type,
          fileName: file.name,
          fileSize: file.bytes.length,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(inserted.id);
      await trx.insertInto('documentFiles').values({ documentId: id, content: file.bytes }).execute();
      return id;
    });
  },
  update: async (c, id, body) => {
    const v = values(c, body);
    const file = body.file != null && body.file !== '' ? await readUpload(body.file) : null;
    await row(c, id);
    await c.db.kysely.transaction().execute(async (trx) => {
      await trx
        .updateTable('documents')
        .set({
          ...v,
          ...(file ? { fileType: file.type, fileName: file.name, fileSize: file.bytes.length } : {}),
        })
        .where('id', '=', id)
        .where('deviceId', '=', c.vehicle.id)
        .execute();
      if (file)
        await trx
          .updateTable('documentFiles')
          .set({ content: file.bytes })
          .where('documentId', '=', id)
          .execute();
    });
  },
  remove: async (c, id) => {
    await row(c, id);
    await c.db.kysely
      .deleteFrom('documents')
      .where('id', '=', id)
      .where('deviceId', '=', c.vehicle.id)
      .execute();
  },
};
